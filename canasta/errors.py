"""The project's exceptions: one per cause, all ``ValueError`` subclasses."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .explain import Explanation


class CanastaError(ValueError):
    """Base class of every error the project raises on bad input."""


class InvalidActionError(CanastaError):
    """The text is not a well-formed card or action (bad syntax)."""


class IllegalActionError(CanastaError):
    """The action is well formed but the rules refuse it; carries the explanation."""

    def __init__(self, explanation: Explanation, action_text: str = "") -> None:
        self.explanation = explanation
        self.action_text = action_text
        prefix = f"illegal action {action_text!r}: " if action_text else "illegal action: "
        super().__init__(prefix + explanation.message("en") + f" [{explanation.rule}]")


class VariantError(CanastaError):
    """Unknown variant, or a variant/house rule option that is unknown or ill-typed."""


class RecordError(CanastaError):
    """A game record or scenario file is malformed; the message names the file and the place."""

    def __init__(self, message: str, *, path: str = "", where: str = "") -> None:
        self.path = path
        self.where = where
        parts = [p for p in (path, where) if p]
        super().__init__((": ".join(parts) + ": " if parts else "") + message)
