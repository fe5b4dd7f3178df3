"""The playground in a real browser: headless Chromium driven by Selenium.

Run by scripts/browser-test.sh, which starts galley-server and passes its address. Each check
runs against the real server; a failure prints what was expected and what the page showed,
and exits 1.
"""

import argparse
import base64
import json
import os
import struct
import sys
import tempfile
import time
import urllib.error
import urllib.request

from selenium import webdriver
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

TIMEOUT = 30
MARKUP = "Tap %{https://example.com/tap}Lhere%l to continue"
TARGET = "https://example.com/tap"


class CheckFailed(Exception):
    """A check of the page failed."""


def expect(condition, message):
    """Fails with a message unless the condition holds."""
    if not condition:
        raise CheckFailed(message)


def by_test_id(driver, test_id):
    """The element with a data-testid."""
    return driver.find_element(By.CSS_SELECTOR, f'[data-testid="{test_id}"]')


def wait_for_preview(driver, state="ready"):
    """Waits until the page's preview state (body[data-preview]) is the given one."""
    try:
        WebDriverWait(driver, TIMEOUT).until(
            lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-preview") == state)
    except TimeoutException as error:
        status = by_test_id(driver, "status").text
        raise CheckFailed(f"the preview never became {state!r}; status: {status!r}") from error


def png_size(data):
    """The width and height in a PNG's IHDR chunk."""
    expect(data[:8] == b"\x89PNG\r\n\x1a\n", "the preview is not a PNG")
    return struct.unpack(">II", data[16:24])


def preview_png(driver):
    """The bytes of the PNG the preview shows (a data URL)."""
    source = by_test_id(driver, "preview").get_attribute("src")
    prefix = "data:image/png;base64,"
    expect(source.startswith(prefix), f"the preview's source is not a PNG data URL: {source[:40]!r}")
    return base64.b64decode(source[len(prefix):])


def replace_markup(driver, text):
    """Replaces the editor's text by typing, as a user does."""
    editor = by_test_id(driver, "markup")
    editor.click()
    editor.send_keys(Keys.CONTROL, "a")
    editor.send_keys(Keys.DELETE)
    editor.send_keys(text)


def set_field(driver, test_id, value):
    """Replaces an option's text."""
    field = by_test_id(driver, test_id)
    field.clear()
    field.send_keys(value)


def check_typing_renders(driver, server):
    """Types markup and checks the preview's pixel size against the server's own render."""
    replace_markup(driver, MARKUP)
    set_field(driver, "option-width", "300")
    set_field(driver, "option-padding", "6")
    set_field(driver, "option-scale", "2")
    wait_for_preview(driver)
    image = by_test_id(driver, "preview")
    WebDriverWait(driver, TIMEOUT).until(
        lambda d: d.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", image))
    natural = driver.execute_script("return [arguments[0].naturalWidth, arguments[0].naturalHeight]", image)
    shown = png_size(preview_png(driver))
    expect(list(shown) == natural, f"the image decodes as {natural}, its PNG says {shown}")
    # The box is 300 points wide and the padding 6 on each side, at 2 pixels per point; the
    # canvas may grow a little further for glyph ink that overhangs the box.
    expect(624 <= natural[0] <= 640, f"the preview is {natural[0]} pixels wide, not about 624")
    request = driver.execute_script("return Galley.Api.buildRequest(Galley.Playground.state(), {format: 'png'})")
    expect(request["markup"] == MARKUP, f"the page sends {request['markup']!r}")
    expected = png_size(post(server, "/v1/render", request))
    expect(tuple(natural) == expected, f"the preview is {natural}, the server renders {expected}")
    css = driver.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.width, r.height]", image)
    expect(abs(css[0] - natural[0] / 2) < 0.5, f"the preview is {css[0]} CSS pixels wide at scale 2")
    print(f"ok: typed markup renders a {natural[0]}×{natural[1]} preview, as the server does")


def check_link_click(driver):
    """Clicks the centre of the link's rectangle and checks the link, target and character."""
    rect = by_test_id(driver, "link-rect-0")
    cursor = driver.execute_script("return getComputedStyle(arguments[0]).cursor", rect)
    expect(cursor == "pointer", f"the cursor over the link is {cursor!r}")
    ActionChains(driver).move_to_element(rect).click().perform()
    target = by_test_id(driver, "hit-target")
    try:
        WebDriverWait(driver, TIMEOUT).until(lambda d: target.text == TARGET)
    except TimeoutException as error:
        raise CheckFailed(f"the hit target is {target.text!r}, not {TARGET!r}") from error
    expect(by_test_id(driver, "hit-link").text == "0", "the hit is not on link 0")
    character = by_test_id(driver, "hit-character").text
    expect(character[:3] in ("“h”", "“e”", "“r”"), f"the character under the click is {character!r}")
    print(f"ok: a click on the link's centre shows link 0, {TARGET} and {character}")


def check_rotated_link_click(driver):
    """Turns every glyph with the rotation slider's field, then clicks the link's first glyph
    quadrilateral: the hit follows the turned glyphs to the same link and target."""
    driver.find_element(By.XPATH, "//summary[normalize-space()='Glyph typesetters']").click()
    before = preview_png(driver)
    slider = by_test_id(driver, "slider-glyphRotation")
    slider.send_keys(Keys.END)
    WebDriverWait(driver, TIMEOUT).until(
        lambda d: by_test_id(d, "option-glyphRotation").get_attribute("value") == "180")
    set_field(driver, "option-glyphRotation", "35")
    wait_for_preview(driver)
    WebDriverWait(driver, TIMEOUT).until(lambda d: preview_png(d) != before)
    shape = by_test_id(driver, "link-rect-0")
    expect(shape.tag_name == "polygon", f"the link's shape is a {shape.tag_name}, not a polygon")
    ActionChains(driver).move_to_element(shape).click().perform()
    target = by_test_id(driver, "hit-target")
    WebDriverWait(driver, TIMEOUT).until(lambda d: target.text == TARGET)
    expect(by_test_id(driver, "hit-link").text == "0", "the hit on the turned link is not link 0")
    set_field(driver, "option-glyphRotation", "")
    wait_for_preview(driver)
    print("ok: glyphs turned 35° by the rotation field: a click on the link's quad hits link 0")


def check_markup_error(driver):
    """Appends an unknown code and checks the marker's offset and the message."""
    editor = by_test_id(driver, "markup")
    editor.send_keys(Keys.END, " %Q")
    wait_for_preview(driver, "error")
    offset = len(MARKUP) + 1
    mark = by_test_id(driver, "error-mark")
    expect(mark.get_attribute("data-offset") == str(offset),
           f"the marker is at {mark.get_attribute('data-offset')}, not {offset}")
    expect(mark.text == "%Q", f"the marker covers {mark.text!r}, not '%Q'")
    message = by_test_id(driver, "markup-error").text
    expect("%Q" in message and f"offset {offset}" in message, f"the message is {message!r}")
    expect(editor.get_attribute("aria-invalid") == "true", "the editor is not marked invalid")
    editor.send_keys(Keys.BACKSPACE * 3)
    wait_for_preview(driver)
    expect(not driver.find_elements(By.CSS_SELECTOR, '[data-testid="error-mark"]'), "the marker stays")
    print(f"ok: '%Q' is marked at offset {offset} with {message!r}")


def check_shared_url(driver):
    """Opens the shared URL afresh and checks that it shows the same label."""
    by_test_id(driver, "show-overlay").click()
    url = by_test_id(driver, "share-url").get_attribute("value")
    expect("#s=" in url, f"the shared URL has no state: {url!r}")
    before = preview_png(driver)
    driver.get("about:blank")
    driver.get(url)
    wait_for_preview(driver)
    expect(by_test_id(driver, "markup").get_attribute("value") == MARKUP, "the markup is not restored")
    expect(preview_png(driver) == before, "the shared URL renders another image")
    print(f"ok: the shared URL ({len(url)} characters) reopens the same {len(before)}-byte PNG")


def check_presets(driver):
    """Renders every preset without an error."""
    select = Select(by_test_id(driver, "preset"))
    names = [option.get_attribute("value") for option in select.options if option.get_attribute("value")]
    for name in names:
        select.select_by_value(name)
        wait_for_preview(driver)
        expect(by_test_id(driver, "preview").get_attribute("src").startswith("data:image/png"),
               f"preset {name} shows no image")
    print(f"ok: {len(names)} presets render: {', '.join(names)}")


# The first bytes of each download: PNG's signature, an SVG's XML start, PDF's header.
MAGIC = {"png": (b"\x89PNG\r\n\x1a\n",), "svg": (b"<?xml", b"<svg"), "pdf": (b"%PDF-",)}


def check_downloads(driver, directory):
    """Clicks each download button and checks the file Chromium saves: its name, size and magic."""
    for format, magics in MAGIC.items():
        path = os.path.join(directory, "galley-label." + format)
        by_test_id(driver, "download-" + format).click()
        deadline = time.monotonic() + TIMEOUT
        while not (os.path.exists(path) and os.path.getsize(path) > 0
                   and not any(name.endswith(".crdownload") for name in os.listdir(directory))):
            expect(time.monotonic() < deadline,
                   f"no {path} after {TIMEOUT} s; the folder has {os.listdir(directory)}")
            time.sleep(0.1)
        with open(path, "rb") as file:
            data = file.read()
        expect(any(data.startswith(magic) for magic in magics),
               f"galley-label.{format} starts with {data[:16]!r}")
        status = by_test_id(driver, "status").text
        expect(f"galley-label.{format}" in status, f"the status after the download is {status!r}")
        print(f"ok: download {format.upper()} saves galley-label.{format} ({len(data)} bytes, {data[:5]!r}…)")
        os.remove(path)


def check_copy_link(driver, server):
    """Clicks "copy link" and checks the URL it writes to the clipboard, the fragment and the field."""
    driver.execute_cdp_cmd("Browser.grantPermissions", {
        "origin": server, "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
    driver.execute_script("history.replaceState(null, '', location.pathname)")
    by_test_id(driver, "copy-link").click()
    WebDriverWait(driver, TIMEOUT).until(lambda d: "#s=" in d.execute_script("return location.href"))
    href = driver.execute_script("return location.href")
    expect(by_test_id(driver, "share-url").get_attribute("value") == href,
           "the link field does not show the page's URL")
    state = driver.execute_script("return Galley.ShareState.fragment(Galley.Playground.state())")
    expect(href.endswith(state), f"the URL {href!r} does not end with the state's fragment")
    copied = driver.execute_async_script(
        "navigator.clipboard.readText().then(arguments[0], e => arguments[0]('ERROR ' + e))")
    expect(copied == href, f"the clipboard holds {copied!r}, not {href!r}")
    status = by_test_id(driver, "status").text
    expect("copied" in status, f"the status after copying is {status!r}")
    print(f"ok: copy link puts the page's URL ({len(href)} characters, #s=…) on the clipboard")


def check_font_lookup(driver):
    """Looks up DejaVu Sans bold and checks the face and its ladder."""
    set_field(driver, "lookup-family", "DejaVu Sans")
    set_field(driver, "lookup-weight", "700")
    by_test_id(driver, "font-lookup").submit()
    WebDriverWait(driver, TIMEOUT).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, '[data-testid="font-ladder"]'))
    face = by_test_id(driver, "font-face").text
    expect("DejaVu Sans Bold" in face, f"the lookup shows {face!r}")
    expect("substitute" not in face, f"DejaVu Sans is not found as installed: {face!r}")
    rungs = driver.find_elements(By.CSS_SELECTOR, '[data-testid="font-ladder"] tr')
    expect(len(rungs) == 8, f"the ladder has {len(rungs) - 1} steps, not 7")
    print("ok: the font lookup shows DejaVu Sans Bold and its 7-step ladder")
    expect(not driver.find_elements(By.CSS_SELECTOR, '[data-testid="font-axes"]'),
           "a static face shows axis sliders")


def check_axis_slider(driver):
    """Looks up Inter, a variable face: its wght slider sets the axis coordinates option, and
    the preview renders again with them."""
    set_field(driver, "option-family", "Inter")
    set_field(driver, "option-variations", "opsz=20")
    wait_for_preview(driver)
    set_field(driver, "lookup-family", "Inter")
    set_field(driver, "lookup-weight", "400")
    by_test_id(driver, "font-lookup").submit()
    WebDriverWait(driver, TIMEOUT).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, '[data-testid="axis-wght"]'))
    slider = by_test_id(driver, "axis-wght")
    bounds = (slider.get_attribute("min"), slider.get_attribute("max"), slider.get_attribute("value"))
    expect(bounds == ("100", "900", "400"), f"Inter's wght slider is {bounds}, not 100…900 at 400")
    before = preview_png(driver)
    slider.send_keys(Keys.END)
    WebDriverWait(driver, TIMEOUT).until(
        lambda d: by_test_id(d, "option-variations").get_attribute("value") == "opsz=20,wght=900")
    wait_for_preview(driver)
    WebDriverWait(driver, TIMEOUT).until(lambda d: preview_png(d) != before)
    set_field(driver, "option-variations", "")
    set_field(driver, "option-family", "")
    wait_for_preview(driver)
    print("ok: Inter's wght slider (100…900) sets wght=900 in the axis coordinates and renders")


def save_screenshot(driver, path):
    """Shows the first preset with its overlay and a hit, and saves the page."""
    Select(by_test_id(driver, "preset")).select_by_index(1)
    wait_for_preview(driver)
    if not by_test_id(driver, "show-overlay").is_selected():
        by_test_id(driver, "show-overlay").click()
    ActionChains(driver).move_to_element(by_test_id(driver, "link-rect-0")).click().perform()
    WebDriverWait(driver, TIMEOUT).until(lambda d: by_test_id(d, "hit-target").text.startswith("http"))
    driver.execute_script("window.scrollTo(0, 0)")
    driver.save_screenshot(path)
    print(f"ok: saved a screenshot to {path}")


# A value for each option the page offers, by control kind, and for the options whose range is
# narrower than the kind's.
KIND_VALUES = {"number": "2", "pair": "1,1", "color": "#336699", "numbers": "40,80",
               "json": '{"a": 0.5}', "numberOrText": "semibold", "insets": "2,4,2,4", "bool": True,
               "triple": "2,2,10", "scale": "1.5,2"}
FIELD_VALUES = {"family": "DejaVu Serif", "fontDescription": "DejaVu Serif Bold Italic 14 #smcp", "language": "he", "features": "liga=0,smcp", "variations": "wght=550", "truncationToken": "… %Lmore%l", "hyphenateLimits": "6,3,2",
                "minScale": "0.5", "maxLines": "1", "gradient": "#FF0000,#0000FF@0.8", "height": "30",
                "size": "12", "width": "200", "glyphRotation": "20", "arcRadius": "-150",
                "glyphExpansion": "0.8"}


def check_every_option(driver, server):
    """Sends each option of the page alone (its effect switched on) and expects a rendered PNG."""
    fields = driver.execute_script(
        "return [...Galley.OptionsTable.fields.values()].map(f => ({id: f.id, kind: f.kind,"
        " choices: f.choices || null, effect: f.group.effect || null}))")
    for field in fields:
        value = FIELD_VALUES.get(field["id"]) or (field["choices"][-1] if field["choices"] else KIND_VALUES.get(field["kind"]))
        expect(value is not None, f"no test value for option {field['id']} ({field['kind']})")
        state = {"markup": "Tap %Lhere%l, then tap again", "plain": False, "lenient": False, "fonts": [],
                 "colors": [], "options": {"values": {field["id"]: value},
                                           "effects": [field["effect"]] if field["effect"] else []}}
        request = driver.execute_script("return Galley.Api.buildRequest(arguments[0], {format: 'png'})", state)
        try:
            png_size(post(server, "/v1/render", request))
        except urllib.error.HTTPError as error:
            raise CheckFailed(f"option {field['id']} = {value!r}: {error.code} {error.read().decode()[:300]}"
                              f" for {json.dumps(request)}") from error
    print(f"ok: each of the {len(fields)} options renders when set alone")


def post(server, path, body):
    """POSTs JSON to the server and returns the response's bytes."""
    request = urllib.request.Request(server + path, data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
        return response.read()


def browser(arguments, downloads):
    """Starts headless Chromium through the given driver, saving downloads in a folder."""
    options = webdriver.ChromeOptions()
    options.binary_location = arguments.chromium
    options.add_experimental_option("prefs", {
        "download.default_directory": downloads, "download.prompt_for_download": False,
        "download.directory_upgrade": True, "safebrowsing.enabled": False})
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                 "--window-size=1440,1100", "--force-device-scale-factor=1", "--lang=en-US"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(executable_path=arguments.chromedriver), options=options)
    driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": downloads})
    return driver


def main():
    """Runs every check in one browser session."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--server", required=True, help="galley-server's address, such as http://127.0.0.1:8080")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--chromedriver", default="/usr/bin/chromedriver")
    parser.add_argument("--screenshot", help="save a screenshot of the page here")
    arguments = parser.parse_args()
    server = arguments.server.rstrip("/")
    downloads = tempfile.mkdtemp(prefix="galley-downloads.")
    driver = browser(arguments, downloads)
    try:
        driver.get(server + "/")
        wait_for_preview(driver)
        check_every_option(driver, server)
        check_typing_renders(driver, server)
        check_link_click(driver)
        check_rotated_link_click(driver)
        check_markup_error(driver)
        check_shared_url(driver)
        check_downloads(driver, downloads)
        check_copy_link(driver, server)
        check_font_lookup(driver)
        check_axis_slider(driver)
        check_presets(driver)
        if arguments.screenshot:
            save_screenshot(driver, arguments.screenshot)
        # A 422 or 400 the page asked for is logged as "Failed to load resource"; nothing else may be.
        errors = [entry for entry in driver.get_log("browser")
                  if entry.get("level") == "SEVERE" and "Failed to load resource" not in entry.get("message", "")]
        expect(not errors, f"the browser logged errors: {errors}")
    except CheckFailed as failure:
        print(f"browser-test: FAILED: {failure}", file=sys.stderr)
        driver.save_screenshot("/tmp/galley-playground-failure.png")
        print("browser-test: the page is in /tmp/galley-playground-failure.png", file=sys.stderr)
        return 1
    finally:
        driver.quit()
        for name in os.listdir(downloads):
            os.remove(os.path.join(downloads, name))
        os.rmdir(downloads)
    print("browser-test: all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
