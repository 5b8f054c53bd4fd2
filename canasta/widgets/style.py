"""The look the forms share: labels in one column that wrap instead of being cut, fields that
shrink to the page, buttons as wide as their captions, rows of buttons that wrap, and on a narrow
screen (a phone) each label above its field.

ipywidgets draws a fixed label width and fixed field widths; a stylesheet scoped to the
``canasta-form`` class (given by :func:`form`) overrides them, so the same widget fits a desktop
page and a 390-pixel phone. The stylesheet travels as an HTML widget inside each form: a form shown
on its own still looks right, and the same rules repeated on a page change nothing.
"""

from __future__ import annotations

import ipywidgets as widgets

FORM = "canasta-form"
ROW = "canasta-row"

CSS = f"""
.{FORM} {{ max-width: 100%; }}
.{FORM} .widget-inline-hbox:not(.widget-toggle-buttons):not(.widget-slider) {{
  width: 100% !important; max-width: 46em; height: auto !important; }}
.{FORM} .widget-inline-hbox > .widget-label {{
  width: 12em !important; flex: 0 0 12em !important; white-space: normal !important;
  overflow: visible !important; text-overflow: clip !important; line-height: 1.2 !important;
  align-self: center; }}
.{FORM} .widget-inline-hbox > input, .{FORM} .widget-inline-hbox > select {{
  flex: 1 1 auto !important; min-width: 0 !important; width: auto !important; }}
.{FORM} .widget-toggle-buttons {{ height: auto !important; width: auto !important;
  max-width: 100%; }}
.{FORM} .widget-toggle-buttons .widget-toggle-button {{ width: auto !important;
  min-width: 6em; height: auto !important; min-height: var(--jp-widgets-inline-height, 28px);
  white-space: normal !important; }}
.{FORM} .widget-button, .{FORM} .widget-toggle-button {{ width: auto !important;
  max-width: 100%; min-height: 32px; height: auto !important; white-space: normal !important;
  overflow: visible !important; text-overflow: clip !important; padding: 2px 12px; }}
.{ROW} {{ flex-wrap: wrap !important; gap: 4px 6px; align-items: center; }}
.{FORM} .widget-toggle-buttons > div {{ display: flex; flex-wrap: wrap; gap: 4px; }}
@media (max-width: 640px) {{
  .{FORM} .widget-inline-hbox:not(.widget-toggle-buttons):not(.widget-slider) {{
    flex-wrap: wrap !important; }}
  .{FORM} .widget-inline-hbox > .widget-label {{ width: 100% !important;
    flex: 0 0 100% !important; text-align: left !important; margin-bottom: 2px; }}
  .{FORM} .widget-toggle-buttons {{ flex-wrap: wrap !important; }}
  .{FORM} .widget-toggle-buttons > .widget-label {{ width: 100% !important;
    flex: 0 0 100% !important; text-align: left !important; }}
}}
"""


def stylesheet() -> widgets.HTML:
    """The forms' stylesheet, as a widget to put first among a form's children."""
    return widgets.HTML(f"<style>{CSS}</style>", layout=widgets.Layout(display="none"))


def form(w: widgets.Widget) -> widgets.Widget:
    """Mark a widget as a form the stylesheet applies to."""
    w.add_class(FORM)
    return w


def row(children: list[widgets.Widget] | tuple[widgets.Widget, ...]) -> widgets.HBox:
    """Widgets side by side that wrap onto a new line when the page is narrow."""
    box = widgets.HBox(list(children))
    box.add_class(ROW)
    return box
