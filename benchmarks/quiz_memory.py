"""A quiz of many questions in one process, as a class's kernel runs it: the resident memory and
the live widgets every so many questions, and the CPU time of one question (answering every
third, as a student might).

    python benchmarks/quiz_memory.py [--variant classic] [--questions 4000] [--every 1000]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import report, rss_mb  # noqa: E402


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--variant", default="classic")
    p.add_argument("--questions", type=int, default=4000)
    p.add_argument("--every", type=int, default=1000)
    p.add_argument("--seed", type=int, default=28)
    args = p.parse_args()
    from ipywidgets.widgets import widget as registry

    from canasta.widgets import Quiz

    quiz = Quiz(seed=args.seed, variant=args.variant)
    quiz.name.value = "Lucía"
    marks: list[dict[str, float]] = []
    start = time.process_time()
    for n in range(1, args.questions + 1):
        if n % 3 == 0:
            quiz.choices.children[n % len(quiz.question.choices)].click()
        quiz.next_button.click()
        if n % args.every == 0:
            marks.append({"questions": n, "rss_mb": round(rss_mb(os.getpid()), 1),
                          "widgets": len(registry._instances),
                          "cpu_s": round(time.process_time() - start, 1)})
    per = (time.process_time() - start) / args.questions * 1000
    first, last = marks[0], marks[-1]
    growth = (last["rss_mb"] - first["rss_mb"]) / max(1, last["questions"] - first["questions"]) * 1000
    report("quiz_memory", {"variant": args.variant, "marks": marks, "ms_per_question": round(per, 1),
                           "rss_growth_mb_per_1000": round(growth, 1)},
           f"{args.variant}: {args.questions} questions, {per:.1f} ms of CPU each; resident memory "
           + ", ".join(f"{m['rss_mb']} MB at {m['questions']}" for m in marks)
           + f" ({growth:+.1f} MB per 1,000 after the first {first['questions']}); "
           f"{last['widgets']} live widgets")


if __name__ == "__main__":
    main()
