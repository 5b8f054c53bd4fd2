// The tutorial's pages as applications, in the static site: `notebooks/index.html?path=NB&app`
// opens the notebook, runs every cell in the browser's Python and shows the lesson and its
// widgets with the code hidden (as Voilà does), behind a notice that says what is loading until
// every widget is drawn and its kernel waits for clicks. Without `app` the page is the notebook,
// code and all. The notice's words are in English and Spanish (a Spanish page's, `lang=es`, else
// the browser's).
(function () {
  "use strict";
  const params = new URLSearchParams(location.search);
  if (!params.has("app")) return;
  // a Spanish page (notebooks/es/…) speaks Spanish; another, the language asked for
  const spanish = (params.get("path") || "").startsWith("es/");
  const asked = params.get("lang") || (navigator.language || "en").slice(0, 2);
  const lang = spanish || asked === "es" ? "es" : "en";
  const WORDS = {
    en: {
      title: "Opening the page…",
      page: "Loading the page",
      python: "Starting Python in your browser (the first visit downloads it; later visits are quicker)",
      running: "Running the page",
      drawing: "Drawing the widgets",
      failed: "The page could not start:",
      code: "Show the code (the notebook view)",
    },
    es: {
      title: "Abriendo la página…",
      page: "Cargando la página",
      python: "Arrancando Python en tu navegador (la primera visita lo descarga; las siguientes van más rápido)",
      running: "Ejecutando la página",
      drawing: "Dibujando los controles",
      failed: "La página no ha podido arrancar:",
      code: "Ver el código (el cuaderno)",
    },
  }[lang];
  const root = document.documentElement;
  root.classList.add("canasta-app");
  const codeView = new URL(location.href);
  codeView.searchParams.delete("app");

  const notice = document.createElement("div");
  notice.id = "canasta-loading";
  notice.setAttribute("role", "status");
  notice.setAttribute("aria-live", "polite");
  notice.lang = lang;
  const card = document.createElement("div");
  card.className = "canasta-loading-card";
  const spinner = document.createElement("div");
  spinner.className = "canasta-spinner";
  spinner.setAttribute("aria-hidden", "true");
  const title = document.createElement("p");
  title.className = "canasta-loading-title";
  title.textContent = WORDS.title;
  const step = document.createElement("p");
  step.className = "canasta-loading-step";
  const link = document.createElement("a");
  link.href = codeView.toString();
  link.textContent = WORDS.code;
  card.append(spinner, title, step, link);
  notice.append(card);
  // when each step began (ms since the page opened): benchmarks/site_first_visit.py reads them
  const times = window.canastaTimes = {};
  const say = (text, key) => { step.textContent = text; if (key) times[key] = performance.now(); };
  say(WORDS.page);
  const show = () => document.body.append(notice);
  if (document.body) show(); else document.addEventListener("DOMContentLoaded", show);

  // poll the page's real state (no fixed waits): the app, its notebook, the kernel, the cells
  const until = (test) => new Promise((resolve) => {
    const tick = () => {
      let value = null;
      try { value = test(); } catch (e) { value = null; }
      if (value) resolve(value); else setTimeout(tick, 100);
    };
    tick();
  });
  const codeCells = (panel) => panel.content.widgets.filter((c) => c.model.type === "code");
  const outputs = (cell) => Array.from({ length: cell.model.outputs.length },
                                       (_, j) => cell.model.outputs.get(j).toJSON());
  const failure = (panel) => {
    for (const cell of codeCells(panel)) {
      const bad = outputs(cell).find((o) => o.output_type === "error");
      if (bad) return bad.ename + ": " + bad.evalue;
    }
    return "";
  };
  const views = (panel) => codeCells(panel).reduce((n, cell) => n + outputs(cell).filter(
    (o) => o.data && o.data["application/vnd.jupyter.widget-view+json"]).length, 0);
  const drawn = (panel) => Array.from(panel.content.node.querySelectorAll(".jp-OutputArea-output"))
    .filter((o) => o.querySelector(':scope > .lm-Widget[class*="widget-"]')).length;

  async function open() {
    const panel = await until(() => {
      const app = window.jupyterapp;
      const w = app && app.shell && app.shell.currentWidget;
      return w && w.sessionContext && w.content ? w : null;
    });
    const app = window.jupyterapp;
    // an application's page: no menu, no header, no toolbar (the notebook view has them)
    if (app.shell.collapseTop) app.shell.collapseTop();
    if (app.shell.menu) app.shell.menu.setHidden(true);
    if (panel.toolbar) panel.toolbar.setHidden(true);
    // the lesson's pages show no code: every code cell's input folds away
    for (const cell of panel.content.widgets) {
      if (cell.model.type === "code") cell.inputHidden = true;
    }
    say(WORDS.python, "python");
    await until(() => {
      const k = panel.sessionContext.session && panel.sessionContext.session.kernel;
      return k && k.status === "idle";
    });
    say(WORDS.running, "running");
    await app.commands.execute("notebook:run-all-cells");
    const ran = await until(() => {
      const wrong = failure(panel);
      if (wrong) return { wrong };
      const k = panel.sessionContext.session.kernel;
      return k.status === "idle" && codeCells(panel).every((c) => c.model.executionCount !== null)
        ? { wrong: "" } : null;
    });
    if (ran.wrong) {
      spinner.remove();
      title.textContent = WORDS.failed;
      say(ran.wrong);
      notice.classList.add("canasta-failed");
      return;
    }
    say(WORDS.drawing, "drawing");
    await until(() => drawn(panel) >= views(panel) &&
                      !/Loading widget/.test(panel.content.node.textContent));
    // the page opens at its top, as the lesson starts (running every cell moved to the last);
    // the notebook scrolls in its windowed list's outer element, not in its own node
    const content = panel.content;
    content.activeCellIndex = 0;
    content.deselectAll();
    for (const node of [content.outerNode, content.node]) if (node) node.scrollTop = 0;
    notice.remove();
    times.ready = performance.now();
    root.classList.add("canasta-ready");
    const back = document.createElement("a");
    back.id = "canasta-code-link";
    back.href = codeView.toString();
    back.textContent = WORDS.code;
    back.lang = lang;
    document.body.append(back);
  }
  open();
})();
