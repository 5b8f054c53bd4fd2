"""The project's exceptions: one per cause, all ``ValueError`` subclasses."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .actions import Action
    from .explain import Explanation


class CanastaError(ValueError):
    """Base class of every error the project raises on bad input.

    An error given a ``key`` (a template of ``[errors]`` in the locale files) and its ``facts``
    is written in either language by :meth:`message`; ``str(error)`` is the English text."""

    def __init__(self, message: str = "", *, key: str = "",
                 facts: Mapping[str, Any] | None = None) -> None:
        self.key = key
        self.facts: dict[str, Any] = dict(facts or {})
        if key and not message:
            from .words import error_template_text

            message = error_template_text(key, self.facts, "en")
        super().__init__(message)

    def prefix(self, lang: str = "en") -> str:
        """What comes before the message (a file and a place, an action's text)."""
        return ""

    def message(self, lang: str = "en") -> str:
        """The error in ``lang`` ('en' or 'es')."""
        from .words import error_text

        return error_text(self, lang)


class InvalidActionError(CanastaError):
    """The text is not a well-formed card or action (bad syntax); ``given`` is the text."""

    def __init__(self, message: str = "", *, key: str = "",
                 facts: Mapping[str, Any] | None = None, given: str | None = None) -> None:
        self.given = given
        super().__init__(message, key=key, facts=facts)
        if given is not None:
            self.args = (f"{given!r}: {self.args[0]}",)

    def prefix(self, lang: str = "en") -> str:
        if self.given is None:
            return ""
        from .words import quoted

        return quoted(self.given, lang) + ": "


class IllegalActionError(CanastaError):
    """The action is well formed but the rules refuse it; carries the explanation."""

    def __init__(self, explanation: Explanation, action_text: str = "",
                 action: Action | None = None) -> None:
        self.explanation = explanation
        self.action_text = action_text
        self.action = action  # kept so that the message names it in the reader's language
        prefix = f"illegal action {action_text!r}: " if action_text else "illegal action: "
        super().__init__(prefix + explanation.message("en") + f" [{explanation.rule}]")


class VariantError(CanastaError):
    """Unknown variant, or a variant/house rule option that is unknown or ill-typed."""


class RecordError(CanastaError):
    """A game record or scenario file is malformed; the message names the file and the place."""

    def __init__(self, message: str = "", *, path: str = "", where: str = "", key: str = "",
                 facts: Mapping[str, Any] | None = None, line: int = 0, column: int = 0) -> None:
        self.path = path
        self.where = where
        self.line, self.column = line, column  # a place in the text, written in the language
        super().__init__(message, key=key, facts=facts)
        self.args = (self.prefix() + self.args[0],)

    @classmethod
    def moved(cls, error: CanastaError, *, path: str = "", where: str = "") -> RecordError:
        """``error`` (raised where the file and place were not known) at ``path`` and
        ``where``, still written in either language."""
        if isinstance(error, RecordError) and error.key:  # its own place is replaced
            return cls(key=error.key, facts=error.facts, path=path, where=where)
        return cls(key="record.invalid", facts={"error": error}, path=path, where=where)

    def prefix(self, lang: str = "en") -> str:
        where = self.where
        if self.line:
            from .words import error_template_text

            where = error_template_text("file.place", {"line": self.line, "column": self.column},
                                        lang)
        parts = [p for p in (self.path, where) if p]
        return ": ".join(parts) + ": " if parts else ""
