"""Write the sample class's quiz results shipped in examples/results/ (and the package's copy):
five students answer the first five questions of the quiz of notebook 6 (seed 2024), each
right or wrong as planned; Thiago saves twice, Martina saves a CSV file. Times are fixed, so the
files change only when the quiz's questions or the engine's explanations do.

    python tests/sample_results.py
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from canasta.widgets import Quiz

ROOT = Path(__file__).resolve().parents[1]
SEED = 2024
PLAN = (("Lucía", (1, 1, 1, 1, 1)), ("Mateo", (1, 0, 1, 0, 1)), ("Valentina", (1, 1, 0, 1, 1)),
        ("Thiago", (0, 0, 1, 1, 0)), ("Martina", (1, 0, 1, 1, 1)))


def at(minute: int) -> str:
    return f"2026-11-20T10:{minute:02d}:00+00:00"


def write_samples(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("quiz-*"):
        old.unlink()
    written = []
    for k, (name, plan) in enumerate(PLAN):
        quiz = Quiz(seed=SEED)
        quiz.name.value = name
        for i, right in enumerate(plan):
            q = quiz.question
            wrong = [c for c in q.choices if c != q.answer]
            quiz.answer(q.answer if right else wrong[(k + i) % len(wrong)])
            quiz.next_question()
        r = quiz.results()
        r = dataclasses.replace(r, saved=at(20 + k), answers=tuple(
            dataclasses.replace(a, time=at(5 + k + 2 * i)) for i, a in enumerate(r.answers)))
        files = [(r, "csv" if name == "Martina" else "json")]
        if name == "Thiago":  # saved once early, then again at the end: the later file counts
            files.append((dataclasses.replace(r, saved=at(12), answers=r.answers[:2]), "json"))
        for results, ext in files:
            path = folder / results.file_name(ext)
            path.write_text(results.to_csv() if ext == "csv" else results.to_json(),
                            encoding="utf-8")
            written.append(path)
    return written


if __name__ == "__main__":
    for folder in (ROOT / "examples" / "results", ROOT / "canasta" / "examples" / "results"):
        for path in write_samples(folder):
            print(path.relative_to(ROOT))
