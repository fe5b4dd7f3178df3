"""Schemathesis hooks of scripts/api-fuzz.sh (loaded through SCHEMATHESIS_HOOKS).

The OpenAPI document states every rule of a single field (bounds, enums, patterns), and
Tests/GalleyServerTests/RequestSchemaTests.swift checks each against the service. What JSON
Schema cannot state are the rules between fields and lengths in UTF-8 bytes; the service
answers them with 400, which positive_data_acceptance would count as a valid request refused.
This hook drops the generated *valid* requests that break one of those rules, and only those:
invalid requests are sent as generated. POST /v1/check's spec holds labels that are requests
without markup (merged over a base label), so the same rules are applied to each.
"""

import schemathesis
from hypothesis.internal import lambda_sources

# Debian 12's Python (3.11.2) can raise "SystemError: AST constructor recursion depth mismatch"
# from ast.parse, a CPython 3.11 bug fixed in later 3.11 releases. Hypothesis parses source only
# to write a filter lambda into a strategy's description, and schemathesis filters with lambdas,
# so one run in a few ended with a runtime error and no API finding. A plain description is
# enough there; generation and every check are unchanged.
_describe_lambda = lambda_sources.lambda_description


def _lambda_description(function):
    try:
        return _describe_lambda(function)
    except SystemError:
        return "lambda"


lambda_sources.lambda_description = _lambda_description


def sides(insets):
    """The four insets of a layout.insets value, 0 for missing sides."""
    if isinstance(insets, (int, float)) and not isinstance(insets, bool):
        return insets, insets, insets, insets
    if isinstance(insets, dict):
        return tuple(insets.get(side) or 0 for side in ("top", "left", "bottom", "right"))
    return 0, 0, 0, 0


def layout_breaks_rules(layout):
    """LayoutOptions.problem's rules between fields: the box, the indent and the tab stops."""
    top, left, bottom, right = sides(layout.get("insets"))
    width, height = layout.get("width"), layout.get("height")
    indent = layout.get("indent") or 0
    if width is not None and not (width - left - right > 0 and abs(indent) < width - left - right):
        return True
    if height is not None and not height >= top + bottom:
        return True
    stops = layout.get("tabStops") or []
    if any(later <= earlier for earlier, later in zip(stops, stops[1:])):
        return True
    token = layout.get("truncationToken")
    return isinstance(token, str) and len(token.encode("utf-8", "surrogatepass")) > 4096


def gradient_offsets(text):
    """The stop offsets of a render.gradient value: given ones, the others spread evenly."""
    items = text.split(",")
    offsets = []
    for index, item in enumerate(items):
        _, _, offset = item.partition("@")
        offsets.append(float(offset) if offset else index / (len(items) - 1))
    return offsets


def render_breaks_rules(render):
    """RenderOptions.problem's rules between fields: stops in order, distinct end points."""
    gradient = render.get("gradient")
    if isinstance(gradient, str):
        offsets = gradient_offsets(gradient)
        if any(later < earlier for earlier, later in zip(offsets, offsets[1:])):
            return True
        start = render.get("gradientStart") or {"x": 0.5, "y": 0}
        end = render.get("gradientEnd") or {"x": 0.5, "y": 0.75}
        if (start["x"], start["y"]) == (end["x"], end["y"]):
            return True
    return False


# The fields that need another: a gradient's options need the gradient, an outline's its width.
NEEDS = {"gradientType": "gradient", "gradientStart": "gradient", "gradientEnd": "gradient",
         "outlineColor": "outlineWidth", "outlineJoin": "outlineWidth", "outlineMode": "outlineWidth"}


def variants_break_rules(body, render):
    """Each variant is the request's render fields changed by its own (null keeps the
    request's), so the rules between fields hold across the two; names count UTF-8 bytes."""
    variants = body.get("variants")
    if not isinstance(variants, dict):
        return False
    for name, fields in variants.items():
        if len(name.encode("utf-8", "surrogatepass")) > 64:
            return True
        if not isinstance(fields, dict):
            continue
        merged = dict(render)
        merged.update({key: value for key, value in fields.items() if value is not None})
        if render_breaks_rules(merged):
            return True
        if any(merged.get(key) is not None and merged.get(need) is None for key, need in NEEDS.items()):
            return True
    return False


def too_many_bytes(body):
    """Lengths the schema counts in characters and the service in UTF-8 bytes."""
    def size(text):
        return len(text.encode("utf-8", "surrogatepass")) if isinstance(text, str) else 0
    families = list(body.get("fonts") or []) + [(body.get("defaults") or {}).get("family")]
    return size(body.get("markup")) > 100_000 or any(size(family) > 256 for family in families)


def merged_label(base, label):
    """A spec's label over its base label, as CheckSpec merges them: layout and defaults
    field by field, the other fields replaced."""
    merged = {}
    for field in ("fonts", "colors", "defaults", "layout", "render"):
        below, own = base.get(field), label.get(field)
        if isinstance(below, dict) and isinstance(own, dict):
            merged[field] = {**below, **own}
        else:
            merged[field] = own if own is not None else below
    return merged


def check_breaks_rules(body):
    """POST /v1/check: each label of the spec (and its base) is a request without markup, so
    the rules between a request's fields hold in each, merged over the base."""
    for catalog in body.get("catalogs") or []:
        path = catalog.get("path") if isinstance(catalog, dict) else None
        if isinstance(path, str) and len(path.encode("utf-8", "surrogatepass")) > 1024:
            return True
    spec = body.get("spec")
    if not isinstance(spec, dict):
        return False
    base = spec.get("label") if isinstance(spec.get("label"), dict) else {}
    labels = [label for label in spec.get("labels") or [] if isinstance(label, dict)]
    for label in [{}] + labels:
        request = merged_label(base, label)
        layout = request["layout"] if isinstance(request["layout"], dict) else {}
        render = request["render"] if isinstance(request["render"], dict) else {}
        if layout_breaks_rules(layout) or render_breaks_rules(render) or too_many_bytes(request):
            return True
    return False


@schemathesis.hook
def filter_case(context, case):
    """Keeps every invalid request, and the valid ones that keep the rules between fields."""
    meta = case.meta
    body = case.body
    if meta is None or not meta.generation.mode.is_positive or not isinstance(body, dict):
        return True
    layout = body.get("layout") if isinstance(body.get("layout"), dict) else {}
    render = body.get("render") if isinstance(body.get("render"), dict) else {}
    return not (layout_breaks_rules(layout) or render_breaks_rules(render)
                or variants_break_rules(body, render) or too_many_bytes(body)
                or check_breaks_rules(body))
