"""``canasta classroom``: it prints the address, serves the tutorial's notebooks there (with the
token asked for), stops on SIGTERM, and refuses bad input in one line without starting."""

from __future__ import annotations

import json
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from html import unescape
from pathlib import Path
from typing import Any

import pytest
from browser_support import EXAMPLES, NOTEBOOKS, ROOT, free_port, jupyter_env, start

from canasta.cli import build_parser
from canasta.errors import RecordError
from canasta.results import parse_results
from canasta.tutorial import NOTEBOOKS as PAGES
from canasta.widgets import parse_exercise
from canasta.widgets.lang import word

ADDRESS = re.compile(r"^Open (http://127\.0\.0\.1:(\d+)/class/\?token=(\w+))$")


def classroom(*args: str, tmp: Path) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "canasta.cli", "classroom", *args],
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=jupyter_env(tmp), cwd=ROOT)


def fetch(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=10) as r:
            return r.status, r.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as e:
        return e.code, ""


def kernels(parent: int) -> list[int]:
    """The kernel processes a server started (Linux: read from /proc)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            cmdline = (stat.parent / "cmdline").read_bytes()
        except OSError:  # the process ended while we looked
            continue
        if int(fields[1]) == parent and b"ipykernel" in cmdline:
            found.append(int(stat.parent.name))
    return found


def test_classroom_serves_the_tutorial_and_stops(tmp_path: Path) -> None:
    # under a path, as behind a proxy (the browser tests use the default, '/')
    proc = classroom("--no-browser", "--port", "0", "--token", "class2024", "--base-url", "class",
                     "--cull-minutes", "0.05", tmp=tmp_path)
    try:
        assert proc.stdout is not None
        lines = [proc.stdout.readline().strip() for _ in range(3)]
        assert lines[0] == f"Serving {NOTEBOOKS}"
        m = ADDRESS.match(lines[1])
        assert m and m.group(3) == "class2024", lines
        url, port = m.group(1), int(m.group(2))
        # the teacher's page, which the start page does not list, at an address of its own
        teacher = next(nb for nb in PAGES if nb.teacher)
        assert lines[2] == ("For the teacher, not listed on the start page: "
                            f"http://127.0.0.1:{port}/class/voila/render/{teacher.file}"
                            "?token=class2024"), lines
        deadline = time.monotonic() + 60
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert proc.poll() is None and time.monotonic() < deadline, proc.stderr
                time.sleep(0.2)
        status, page = fetch(url)
        # the start page: every page of the tutorial with its title, what it teaches, how long
        text = unescape(page)
        assert status == 200 and "Canasta, step by step" in text
        students = [nb for nb in PAGES if not nb.teacher]
        for nb in students:
            assert nb.title.en in text and nb.teaches.en in text
            assert f"/class/voila/render/{nb.file}?token=class2024&lang=en" in text
            assert f"about {nb.minutes} min" in text
        assert f"/class/voila/render/{teacher.file}" not in text
        status, spanish = fetch(f"{url}&lang=es")
        spanish = unescape(spanish)
        assert status == 200 and "La canasta, paso a paso" in spanish
        assert all(nb.title.es in spanish and nb.teaches.es in spanish
                   and f"unos {nb.minutes} min" in spanish
                   and f"/class/voila/render/es/{nb.file_es}?token=class2024&lang=es" in spanish
                   for nb in students)  # the Spanish pages
        assert teacher.title.es not in spanish
        # the start page is drawn on the server: no contents API lists the folder to anyone
        assert fetch(f"http://127.0.0.1:{port}/class/voila/api/contents/?token=class2024")[0] == 404
        assert fetch(f"http://127.0.0.1:{port}/class/voila/api/contents/")[0] == 404
        # without the token the home page is the login page
        assert "voila-tree-main" in page
        assert "voila-tree-main" not in fetch(f"http://127.0.0.1:{port}/class/")[1]
        assert fetch(f"http://127.0.0.1:{port}/?token=class2024")[0] == 404  # only under /class/
        # a page opened and left: its kernel is stopped once no page has been connected for
        # --cull-minutes (here 3 s)
        status, page = fetch(f"http://127.0.0.1:{port}/class/voila/render/06_classroom.ipynb"
                             "?token=class2024")
        assert status == 200 and "The classroom: a quiz, and your own exercises" in page
        assert len(kernels(proc.pid)) == 1
        deadline = time.monotonic() + 30
        while kernels(proc.pid) and time.monotonic() < deadline:
            time.sleep(0.5)
        assert kernels(proc.pid) == []
    finally:
        # SIGTERM, as a service manager stops it (Ctrl-C's SIGINT may be ignored in a background job)
        proc.send_signal(signal.SIGTERM)
        try:
            code = proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            raise
    assert code == 0
    with pytest.raises(ConnectionRefusedError):  # nothing listens there any more
        socket.create_connection(("127.0.0.1", port), timeout=2).close()


def _wait_listening(proc: subprocess.Popen[str], port: int) -> None:
    deadline = time.monotonic() + 60
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            assert proc.poll() is None and time.monotonic() < deadline, proc.stderr
            time.sleep(0.2)


def _stop(proc: subprocess.Popen[str]) -> int:
    proc.send_signal(signal.SIGTERM)
    try:
        return proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        raise


def test_classroom_starts_no_more_kernels_than_allowed_and_exposes_no_api(tmp_path: Path) -> None:
    proc = classroom("--no-browser", "--port", "0", "--token", "tk", "--max-kernels", "2",
                     "--cull-minutes", "0", tmp=tmp_path)
    try:
        assert proc.stdout is not None
        lines = [proc.stdout.readline().strip() for _ in range(3)]
        m = re.match(r"^Open (http://127\.0\.0\.1:(\d+)/\?token=tk)$", lines[1])
        assert m, lines  # the address to give the class carries the token
        port = int(m.group(2))
        _wait_listening(proc, port)
        page = f"http://127.0.0.1:{port}/voila/render/{{}}.ipynb?token=tk"
        # one visitor loading page after page: two kernels, then "the classroom is full"
        assert fetch(page.format("03_scoring"))[0] == 200
        assert fetch(page.format("06_classroom"))[0] == 200
        assert len(kernels(proc.pid)) == 2
        try:
            urllib.request.urlopen(page.format("03_scoring"), timeout=10)
            raise AssertionError("a third page was served")
        except urllib.error.HTTPError as e:
            assert e.code == 503
            body = e.read().decode("utf-8")
        assert "The classroom is full (2 pages open)" in body and "La clase está llena" in body
        assert len(kernels(proc.pid)) == 2
        assert fetch(f"http://127.0.0.1:{port}/?token=tk")[0] == 200  # the list still opens
        # what holds: no contents, kernel, session or terminal API; no way out of the folder
        for api in ("api/contents", "api/kernels", "api/sessions", "api/terminals"):
            assert fetch(f"http://127.0.0.1:{port}/{api}?token=tk")[0] == 404, api
        for escape in ("voila/files/..%2f..%2f..%2fetc%2fpasswd",
                       "voila/static/..%2f..%2f..%2fetc%2fpasswd"):
            assert fetch(f"http://127.0.0.1:{port}/{escape}?token=tk")[0] == 403, escape
    finally:
        code = _stop(proc)
    assert code == 0 and kernels(proc.pid) == []


def test_classroom_defaults_cap_kernels_and_cull_them_sooner() -> None:
    from canasta.cli import build_parser
    from canasta.cli.classroom import voila_argv

    args = build_parser().parse_args(["classroom"])
    assert (args.max_kernels, args.cull_minutes, args.ip) == (40, 3.0, "127.0.0.1")
    argv = voila_argv(NOTEBOOKS, args.ip, 8866, "", True, "/", args.cull_minutes,
                      args.max_kernels)
    assert "--ClassroomKernelManager.max_kernels=40" in argv
    assert "--MappingKernelManager.cull_idle_timeout=180" in argv


@pytest.mark.parametrize("args, named", [
    (("no/such/folder",), "no/such/folder: not a notebook (.ipynb) or a folder of notebooks"),
    (("README.md",), "README.md: not a notebook"),
    (("--port", "70000"), "a port is 0 to 65535, not 70000"),
    (("--cull-minutes", "-1"), "minutes are 0 or more, not -1"),
    (("--cull-minutes", "inf"), "minutes are at most 10080 (a week), not inf"),
    (("--cull-minutes", "nan"), "minutes are 0 or more, not nan"),
    (("--max-kernels", "-3"), "a number of kernels is 0 or more, not -3"),
    (("--results", "README.md"), "README.md: not a folder"),
    (("--results", "/proc/self"), "/proc/self: the server cannot write to the results folder"),
])
def test_classroom_refuses_bad_input_without_starting(args: tuple[str, ...], named: str,
                                                      tmp_path: Path) -> None:
    proc = classroom("--no-browser", *args, tmp=tmp_path)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 2 and out == ""
    assert named in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1 or "usage:" in err


def test_classroom_refuses_a_port_in_use(tmp_path: Path) -> None:
    port = free_port()
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", port))
        busy.listen()
        proc = classroom("--no-browser", "--port", str(port), tmp=tmp_path)
        out, err = proc.communicate(timeout=60)
    assert proc.returncode == 2 and out == ""
    assert err.strip() == (f"canasta classroom: error: port {port} is in use: "
                           "choose another with --port")


def guide_blocks(lang: str) -> list[str]:
    text = (ROOT / "docs" / "classroom.md").read_text(encoding="utf-8")
    return re.findall(rf"```{lang}\n(.*?)```", text, flags=re.S)


def test_the_guides_exercise_gets_the_answers_the_guide_gives(tmp_path: Path) -> None:
    [block] = guide_blocks("json")
    data = json.loads(block)
    [exp] = parse_exercise(data).judge()
    assert (exp.allowed, exp.rule) == (True, "pile.take")
    assert exp.message("en") == "You take the pile (3 cards) and add 9♦ to the meld of nines at once."
    data["situation"]["pile"] = "5♥ 2♣ 8♣ 9♦"
    [exp] = parse_exercise(data).judge()
    assert (exp.allowed, exp.rule) == (False, "pile.frozen")
    data["situation"]["hands"]["Tú"] = "4♠ 6♥ K♣ 1♦"
    with pytest.raises(RecordError) as bad:
        parse_exercise(data, "my_exercises/pile.json")
    shown = next(b for b in guide_blocks("text") if "not a card" in b).strip()
    assert str(bad.value).startswith(shown.removesuffix("…)"))


def test_the_guides_checking_loop_runs(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "my_exercises"
    folder.mkdir()
    (folder / "pile.json").write_text(guide_blocks("json")[0], encoding="utf-8")
    count = json.loads((EXAMPLES / "exercises" / "11_final_table.json").read_text("utf-8"))
    # the table it names sits in the exercise's folder (below it, in tables/)
    (folder / "tables").mkdir()
    (folder / "tables" / "final.json").write_text(
        (EXAMPLES / "classic_sample_final_table.json").read_text("utf-8"), encoding="utf-8")
    count["scenario"] = "tables/final.json"
    (folder / "count.json").write_text(json.dumps(count), encoding="utf-8")
    loop = next(b for b in guide_blocks("python") if "for path in" in b)
    monkeypatch.chdir(tmp_path)
    exec(loop, {})
    assert capsys.readouterr().out.splitlines() == [
        "count.json side 0 scores 760",
        ("pile.json allowed pile.take You take the pile (3 cards) and add 9♦ to the meld of nines "
         "at once."),
    ]


def test_help_and_guide_say_the_same_of_lang() -> None:
    """``canasta classroom --help`` and docs/classroom.md agree on what ``--lang`` does."""
    sub = next(a for a in build_parser()._actions if a.dest == "command")
    lang = next(a for a in sub.choices["classroom"]._actions if a.dest == "lang")
    guide = (ROOT / "docs" / "classroom.md").read_text(encoding="utf-8")
    row = next(line for line in guide.splitlines() if line.startswith("| `--lang es`"))
    for said in ("messages", "start page", "outputs and widgets", "Spanish"):
        assert said in lang.help and said in row, said


@pytest.mark.browser
def test_students_hand_in_their_quiz_answers(browser: Any, tmp_path: Path) -> None:
    """``--results FOLDER``: a student answers the quiz in Voilà, writes their name and hands in;
    the server writes their file into FOLDER, and the page never shows the folder."""
    folder = tmp_path / "class_3b"
    port, token = free_port(), "hand-in"
    argv = [sys.executable, "-m", "canasta.cli", "classroom",
            str(NOTEBOOKS / "06_classroom.ipynb"), "--no-browser", f"--port={port}",
            f"--token={token}", "--results", str(folder)]
    server = start("canasta classroom --results", argv, jupyter_env(tmp_path), ROOT, port, token,
                   tmp_path / "classroom.log")
    page = browser.new_page(viewport={"width": 1100, "height": 850})
    try:
        page.goto(server.url())  # its port (another one if the first was taken meanwhile)
        hand_in = page.get_by_role("button", name=word("hand_in", "en")).first
        hand_in.wait_for(timeout=90_000)
        quiz = page.locator(".widget-vbox").filter(has=hand_in).first
        quiz.locator(".widget-hbox button:not([disabled])").first.click()  # answer question 1
        quiz.get_by_role("button", name=re.compile("^[✔✘] ")).first.wait_for(timeout=20_000)
        quiz.get_by_role("textbox", name=word("your_name", "en")).fill("Lucía <b>")
        hand_in.click()
        quiz.get_by_text("Handed in to your teacher").wait_for(timeout=20_000)
        files = list(folder.iterdir())
        assert len(files) == 1 and files[0].name.startswith("quiz-Lucía_b-")
        results = parse_results(files[0].read_bytes(), files[0].name)
        # the quiz opens fresh (the notebook's own example answers a quiz of its own): the
        # student's answer to question 1 is the only one
        assert results.name == "Lucía <b>" and [a.number for a in results.answers] == [1]
        assert str(folder) not in page.locator("body").inner_text()
    finally:
        page.close()
        server.stop()
