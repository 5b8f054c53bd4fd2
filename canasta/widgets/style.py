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
.{FORM} .widget-text, .{FORM} .widget-dropdown, .{FORM} .widget-textarea {{
  width: auto !important; align-self: stretch; max-width: 46em; height: auto !important; }}
.{FORM} .widget-text > .widget-label, .{FORM} .widget-dropdown > .widget-label,
.{FORM} .widget-textarea > .widget-label, .{FORM} .widget-toggle-buttons > .widget-label,
.{FORM} .widget-checkbox > .widget-label {{
  width: 14em !important; flex: 0 0 14em !important; white-space: normal !important;
  overflow: visible !important; text-overflow: clip !important; line-height: 1.2 !important;
  min-height: var(--jp-widgets-inline-height, 28px); display: flex; align-items: center;
  justify-content: flex-end; text-align: right; margin-right: 4px; }}
.{FORM} .widget-text > input, .{FORM} .widget-dropdown > select {{
  flex: 1 1 auto !important; min-width: 0 !important; width: auto !important; }}
.{FORM} .widget-toggle-buttons {{ display: flex; align-items: center; flex-wrap: wrap;
  width: auto !important; max-width: 100%; margin: 2px; }}
.{FORM} .widget-toggle-buttons > div {{ display: flex; flex-wrap: wrap; gap: 4px; }}
.{FORM} .widget-button, .{FORM} .widget-toggle-button {{ width: auto !important;
  max-width: 100%; min-height: 32px; height: auto !important; white-space: normal !important;
  overflow: visible !important; text-overflow: clip !important; padding: 2px 12px; }}
.{FORM} > .widget-button {{ align-self: flex-start; }}
.{FORM} .widget-dropdown > select {{ min-height: var(--jp-widgets-inline-height, 28px); }}
.{FORM} .widget-checkbox {{ width: auto !important; }}
.{ROW} {{ flex-wrap: wrap !important; gap: 4px 6px; align-items: center; }}
@media (max-width: 640px) {{
  .{FORM} .widget-text, .{FORM} .widget-dropdown, .{FORM} .widget-textarea {{
    flex-wrap: wrap !important; }}
  .{FORM} .widget-text > .widget-label, .{FORM} .widget-dropdown > .widget-label,
  .{FORM} .widget-textarea > .widget-label, .{FORM} .widget-toggle-buttons > .widget-label {{
    width: 100% !important; flex: 0 0 100% !important; text-align: left;
    justify-content: flex-start; min-height: 0; margin-bottom: 2px; }}
  .{FORM} .widget-checkbox > .widget-label {{ display: none !important; }}
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
