"""galley check's HTML report in a real browser: headless Chromium driven by Selenium.

Run by scripts/browser-test.sh, which makes the report with galley-check (hermetic fonts) and
passes its folder and the JSON report made in the same run. The page is opened from disk, as a
user opens it; a failure prints what was expected and what the page showed, and exits 1.
"""

import argparse
import json
import sys

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select


class CheckFailed(Exception):
    """A check of the page failed."""


def expect(condition, message):
    """Fails with a message unless the condition holds."""
    if not condition:
        raise CheckFailed(message)


def visible_cards(driver):
    """The cards the filters show."""
    return [card for card in driver.find_elements(By.CSS_SELECTOR, '[data-testid="failure"]')
            if card.is_displayed()]


def shown_count(driver):
    """The count the page says it shows."""
    return int(driver.find_element(By.CSS_SELECTOR, '[data-testid="visible-count"]').text)


def check_cards(driver, report):
    """One card per failure of the JSON report, in its order, with its locale and check."""
    cards = driver.find_elements(By.CSS_SELECTOR, '[data-testid="failure"]')
    failures = report["failures"]
    expect(len(cards) == len(failures), f"{len(cards)} cards for {len(failures)} failures")
    for card, failure in zip(cards, failures):
        expect(card.get_attribute("data-locale") == failure["locale"]
               and card.get_attribute("data-check") == failure["check"],
               f"card {card.get_attribute('data-key')} is not failure {failure['key']}")
    expect(shown_count(driver) == len(failures), "the count does not start at every failure")
    checks = {failure["check"] for failure in failures}
    expect({"markup", "structure", "coverage", "fit"} <= checks, f"the report lacks checks: {checks}")


def check_drawings(driver):
    """Every drawing loaded, with its overlay: the box on every one, the truncation token on a
    fit failure, missing glyphs on a coverage failure; markup failures have a caret instead."""
    images = driver.find_elements(By.CSS_SELECTOR, '[data-testid="drawing"]')
    expect(images, "no drawing")
    broken = driver.execute_script(
        "return [...document.querySelectorAll('[data-testid=drawing]')]"
        ".filter(i => !i.complete || i.naturalWidth === 0).map(i => i.src)")
    expect(not broken, f"drawings did not load: {broken[:3]}")
    for kind, selector in (("fit", "rect.truncation"), ("coverage", "rect.missing")):
        cards = driver.find_elements(By.CSS_SELECTOR, f'[data-check="{kind}"]')
        marked = [card for card in cards if card.find_elements(By.CSS_SELECTOR, selector)]
        expect(marked, f"no {kind} card marks {selector}")
    for card in driver.find_elements(By.CSS_SELECTOR, '[data-check="markup"]'):
        expect(card.find_elements(By.CSS_SELECTOR, "mark.caret"), "a markup card has no caret")
        expect(not card.find_elements(By.CSS_SELECTOR, '[data-testid="drawing"]'),
               "a markup card has a drawing")
    overlay = driver.find_elements(By.CSS_SELECTOR, '[data-testid="overlay"] rect.box')
    expect(len(overlay) == len(images), "a drawing has no box")


def check_filters(driver, report):
    """The locale, check and key filters show exactly the matching failures."""
    failures = report["failures"]
    locale = Select(driver.find_element(By.CSS_SELECTOR, '[data-testid="locale-filter"]'))
    locale.select_by_value("de")
    shown = visible_cards(driver)
    expected = [f for f in failures if f["locale"] == "de"]
    expect(len(shown) == len(expected) == shown_count(driver) and expected,
           f"locale de shows {len(shown)} cards, expected {len(expected)}")
    expect(all(card.get_attribute("data-locale") == "de" for card in shown), "another locale shows")
    locale.select_by_value("")
    fit = driver.find_element(By.CSS_SELECTOR, '[data-testid="check-fit"]')
    fit.click()
    shown = visible_cards(driver)
    expect(len(shown) == len([f for f in failures if f["check"] != "fit"]), "unchecking fit")
    expect(all(card.get_attribute("data-check") != "fit" for card in shown), "a fit card shows")
    fit.click()
    key = driver.find_element(By.CSS_SELECTOR, '[data-testid="key-filter"]')
    part = failures[0]["key"][:6]
    key.send_keys(part)
    shown = visible_cards(driver)
    expect(shown and all(part.lower() in c.get_attribute("data-key").lower() for c in shown),
           f"the key filter {part!r} shows other keys")
    key.clear()
    driver.execute_script("arguments[0].dispatchEvent(new Event('input'))", key)
    expect(shown_count(driver) == len(failures), "clearing the key filter")


def main():
    """Runs every check in one browser session."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--report", required=True, help="the folder galley check --html wrote")
    parser.add_argument("--json", required=True, help="the JSON report of the same run")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--chromedriver", default="/usr/bin/chromedriver")
    arguments = parser.parse_args()
    with open(arguments.json, encoding="utf-8") as file:
        report = json.load(file)
    options = webdriver.ChromeOptions()
    options.binary_location = arguments.chromium
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                 "--window-size=1200,1000", "--allow-file-access-from-files"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(executable_path=arguments.chromedriver), options=options)
    try:
        driver.get("file://" + arguments.report + "/index.html")
        check_cards(driver, report)
        check_drawings(driver)
        check_filters(driver, report)
        errors = [entry for entry in driver.get_log("browser") if entry.get("level") == "SEVERE"]
        expect(not errors, f"the browser logged errors: {errors}")
    except CheckFailed as failure:
        print(f"check-report-test: FAILED: {failure}", file=sys.stderr)
        driver.save_screenshot("/tmp/galley-check-report-failure.png")
        print("check-report-test: the page is in /tmp/galley-check-report-failure.png", file=sys.stderr)
        return 1
    finally:
        driver.quit()
    print("check-report-test: all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
