// The canasta card table: draws the view model the Python side computes (canasta/render/
// tableview.py) and reports clicks. It holds no rule: every click becomes a message
// {do: ...} that the Python side turns into an action's text for the engine. No dependencies,
// no network: the same file runs in JupyterLab, Notebook, Voilà and JupyterLite.

function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") el.className = v;
    else if (k === "html") el.innerHTML = v;  // markup built and escaped by the Python side
    else if (k === "text") el.textContent = v;
    else if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  add(el, children);
  return el;
}

// Append children, arrays flattened, nothing for null, undefined or false.
function add(el, children) {
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
}

function render({ model, el }) {
  const root = h("div", { class: "ct-root", role: "region" });
  el.append(root);
  // Space presses a button on keyup, not on keydown as Enter does; a redraw in between (the
  // kernel answering the key before) would replace the button and lose the press. Press it on
  // keydown, once per press.
  root.addEventListener("keydown", (ev) => {
    if (ev.key !== " " || ev.repeat || !(ev.target instanceof HTMLButtonElement)) return;
    ev.preventDefault();
    ev.target.click();
  });
  // Likewise a click is a press and a release on the same button: a redraw while the pointer is
  // down (the kernel answering an earlier click) would replace the button and lose the click.
  // While a press lasts, redraws wait; the last one is drawn once the click has been handled.
  let pressing = false;
  let redrawLater = false;
  root.addEventListener("pointerdown", () => { pressing = true; }, true);
  const released = () => {
    if (!pressing) return;
    pressing = false;
    if (redrawLater) { redrawLater = false; setTimeout(draw, 0); }  // after the click event
  };
  document.addEventListener("pointerup", released, true);
  document.addEventListener("pointercancel", released, true);
  let openDetails = new Set();  // log lines whose explanations are open, kept across redraws

  const send = (msg) => model.send(msg);
  const selected = () => new Set(model.get("selected") || []);

  function face(view, item, extra) {
    const span = h("span", { class: "ct-face", "aria-hidden": "true", html: view.faces[item.c] || "" });
    if (extra) span.classList.add(extra);
    return span;
  }

  function toggle(i) {
    let sel = selected();
    const view = model.get("view");
    // the hint's selection is a suggestion: the first click on a card starts one's own (a
    // click on the one card the hint chose takes it back)
    if (view && view.hint_selected) sel = sel.size === 1 && sel.has(i) ? new Set() : new Set([i]);
    else if (sel.has(i)) sel.delete(i); else sel.add(i);
    model.set("selected", Array.from(sel).sort((a, b) => a - b));
    model.save_changes();
    draw();
  }

  function said(view, where) {
    const s = view.said;
    if (!s || s.where !== where) return null;
    return h("div", { class: "ct-said " + (s.ok ? "ct-ok" : "ct-no"), role: s.ok ? "status" : "alert",
                      "data-rule": s.rule || null, html: s.html });
  }

  function hintMark(on) { return on ? " ct-hinted" : ""; }

  function handZone(view) {
    const sel = selected();
    const edit = view.edit;
    const cards = view.hand.cards.map((c, i) => {
      const cls = "ct-card ct-in-hand" + (sel.has(i) ? " ct-sel" : "") + (c.fresh ? " ct-fresh" : "") +
        (c.gap ? " ct-gap" : "") + (c.hint ? " ct-hinted" : "") + (c.bad ? " ct-bad" : "");
      return h("button", {
        class: cls, type: "button", "data-key": "hand:" + i, "data-card": c.c,
        "aria-pressed": edit ? null : String(sel.has(i)), "aria-label": c.aria,
        title: c.aria, disabled: !!view.hand.over,
        onclick: () => edit ? send({ do: "remove", where: "hand", index: i }) : toggle(i),
        onkeydown: (ev) => arrows(ev, i, view.hand.cards.length),
      }, face(view, c), c.fresh ? h("span", { class: "ct-badge", "aria-hidden": "true", text: "★" }) : null);
    });
    const zone = h("div", { class: "ct-hand", role: "group", "aria-label": view.hand.title }, cards);
    if (edit) {
      zone.append(h("button", { class: "ct-drop", type: "button", "data-key": "drop:hand",
                                onclick: () => send({ do: "place", where: "hand" }),
                                text: "+ " + edit.words.to_hand }));
    }
    return h("section", { class: "ct-hand-zone" },
      h("div", { class: "ct-label", text: view.hand.title }), zone, said(view, "hand"));
  }

  function arrows(ev, i, n) {
    if (ev.key !== "ArrowLeft" && ev.key !== "ArrowRight") return;
    const j = ev.key === "ArrowLeft" ? Math.max(0, i - 1) : Math.min(n - 1, i + 1);
    const next = root.querySelector(`[data-key="hand:${j}"]`);
    if (next) { next.focus(); ev.preventDefault(); }
  }

  function center(view) {
    const st = view.stock;
    const stock = h("button", {
      class: "ct-pile-btn ct-stock" + hintMark(st.hint), type: "button", "data-key": "stock",
      "aria-label": st.aria, title: st.aria, disabled: !st.clickable && !view.edit,
      onclick: () => send({ do: "stock" }),
    }, st.count ? h("span", { class: "ct-face", "aria-hidden": "true", html: view.back }) :
         h("span", { class: "ct-empty", "aria-hidden": "true" }),
       h("span", { class: "ct-count", "aria-hidden": "true", text: st.title + " · " + st.count }));
    const p = view.pile;
    const marks = p.marks.map((m) => h("span", { class: "ct-mark ct-mark-" + m.key, title: m.why },
      m.name, h("span", { class: "ct-why", text: " — " + m.why })));
    const pile = h("button", {
      class: "ct-pile-btn ct-pile" + hintMark(p.hint && !p.hint_depth) + (p.marks.length ? " ct-marked" : ""),
      type: "button", "data-key": "pile", "aria-label": p.aria + (p.marks.length ?
        ". " + p.marks.map((m) => m.name + ": " + m.why).join(". ") : ""),
      title: p.aria, disabled: !p.clickable && !view.edit,
      onclick: () => send(view.edit ? { do: "place", where: "pile" } : { do: "pile" }),
    }, p.top ? face(view, p.top) : h("span", { class: "ct-empty", "aria-hidden": "true" }),
       h("span", { class: "ct-count", "aria-hidden": "true", text: p.title + " · " + p.count_text }));
    const kids = [stock, h("div", { class: "ct-pile-wrap" }, pile,
      marks.length ? h("div", { class: "ct-marks" }, marks) : null)];
    for (const x of view.extras) {
      kids.push(h("div", { class: "ct-extra", role: "group", "aria-label": x.title },
        h("div", { class: "ct-label", text: x.title }),
        x.piles.map((q) => h("div", { class: "ct-extra-pile" },
          h("span", { class: "ct-face ct-small", "aria-hidden": "true", html: view.back }),
          h("span", { text: q.label })))));
    }
    const zone = h("section", { class: "ct-center" }, kids);
    let spread = null;
    if (p.spread.length) {
      spread = h("div", { class: "ct-spread", role: "group", "aria-label": p.title },
        p.spread.map((c) => h("button", {
          class: "ct-card ct-in-pile" + hintMark(p.hint_depth === c.depth), type: "button",
          "data-key": "pile:" + c.depth, "aria-label": c.aria, title: c.aria,
          disabled: !p.clickable, onclick: () => send({ do: "pile", depth: c.depth }),
        }, face(view, c))));
    }
    return [zone, spread, said(view, "stock"), said(view, "pile")];
  }

  function sideZone(view, side) {
    const head = h("div", { class: "ct-side-head" },
      h("span", { class: "ct-side-title", text: side.title }),
      side.score ? h("span", { class: "ct-score", text: side.score }) : null,
      side.players.map((p) => h("span", { class: "ct-player" + (p.turn ? " ct-turn" : ""),
        "data-seat": p.seat, text: p.text })));
    const melds = side.melds.map((m) => {
      const key = `meld:${m.side}:${m.index}`;
      const body = [h("span", { class: "ct-meld-label", "aria-hidden": "true", text: m.label }),
        h("span", { class: "ct-meld-cards" }, m.cards.map((c) => face(view, c))),
        h("span", { class: "ct-status-tag" + (m.canasta ? " ct-canasta-" + m.canasta : ""),
                    "aria-hidden": "true", text: (m.canasta ? "★ " : "") + m.status })];
      const attrs = { class: "ct-meld" + (m.canasta ? " ct-canasta ct-canasta-" + m.canasta : "") + hintMark(m.hint),
                      "data-key": key, "aria-label": m.aria, title: m.aria };
      const el = m.clickable
        ? h("button", { ...attrs, type: "button",
            onclick: () => send(view.edit ? { do: "place", where: "meld", side: m.side, index: m.index }
                                          : { do: "add", side: m.side, index: m.index }) }, body)
        : h("div", { ...attrs, role: "img" }, body);
      return [el, said(view, key)];
    });
    const kids = [head, h("div", { class: "ct-melds" },
      melds.length ? melds : h("div", { class: "ct-muted", text: side.empty }))];
    if (view.edit) {
      kids.push(h("button", { class: "ct-drop", type: "button", "data-key": "drop:side:" + side.side,
        onclick: () => send({ do: "place", where: "new-meld", side: side.side }),
        text: "+ " + (side.yours ? view.edit.words.to_new_meld : view.edit.words.to_their_meld) }));
    }
    if (side.show_threes && side.threes.length) {
      kids.push(h("div", { class: "ct-threes", role: "img", "aria-label": side.threes_title + ": " +
        side.threes.map((c) => c.label).join(", ") },
        h("span", { class: "ct-label", text: side.threes_title }),
        side.threes.map((c) => face(view, c, "ct-small"))));
    }
    return h("section", { class: "ct-side" + (side.yours ? " ct-yours" : " ct-theirs"),
                          role: "group", "aria-label": side.title }, kids);
  }

  function bar(view) {
    // a dimmed button is still pressed: its tip and the note a press gets say what it needs
    const btns = view.buttons.map((b) => h("button", {
      class: "ct-btn" + (b.primary ? " ct-primary" : "") + (b.pressed ? " ct-pressed" : "") +
        (b.dim ? " ct-dim" : "") + hintMark(!!view.hint && view.hint.where === b.do),
      type: "button", "data-key": "btn:" + b.do, "data-do": b.do, title: b.why || b.tip,
      "aria-label": b.label, "aria-disabled": b.dim ? "true" : null, "aria-description": b.why || null,
      "aria-pressed": b.pressed === undefined ? null : String(!!b.pressed),
      disabled: !!b.disabled, onclick: () => {
        if (b.do === "clear") { model.set("selected", []); model.save_changes(); draw(); return; }
        send({ do: b.do });
      },
    }, b.label));
    const acts = view.actions.map((a) => h("button", {
      class: "ct-btn ct-act" + (a.primary ? " ct-primary" : ""), type: "button", "data-key": "act:" + a.text,
      "data-action": a.text, title: a.label, onclick: () => send({ do: "action", text: a.text }) }, a.label));
    return [h("div", { class: "ct-bar", role: "toolbar", "aria-label": view.status }, btns),
            acts.length ? h("div", { class: "ct-bar ct-acts" }, acts) : null,
            said(view, "bar"), said(view, "discard"), said(view, "meld")];
  }

  function hintZone(view) {
    const t = view.hint;
    if (!t) return null;
    return h("div", { class: "ct-hint", role: "status" },
      h("span", { class: "ct-hint-title", text: t.title + ": " }),
      h("span", { class: "ct-hint-text", text: t.text }), " ",
      h("button", { class: "ct-btn", type: "button", "data-key": "btn:do-hint", title: t.do_tip,
                    onclick: () => send({ do: "action", text: t.action }) }, t.do));
  }

  function legalZone(view) {
    const l = view.legal;
    if (!l) return null;
    return h("div", { class: "ct-legal" },
      h("div", { class: "ct-label", text: l.title + " · " + l.count }),
      l.empty ? h("div", { class: "ct-muted", text: l.empty }) : null,
      l.groups.map((g) => h("div", { class: "ct-kind" },
        h("b", { text: g.title }), " (" + g.count + ") ",
        g.actions.map(legalChip),
        // the rest folded under "… and 6 more", opened by a click (or Enter) on it
        g.rest && g.rest.length
          ? h("details", { class: "ct-more", "data-kind": g.kind },
              h("summary", { class: "ct-muted", text: g.more }), g.rest.map(legalChip))
          : g.more ? h("span", { class: "ct-muted", text: " " + g.more }) : null)));
  }

  function legalChip(a) {
    return h("button", { class: "ct-chip", type: "button", "data-action": a.text, title: a.label,
                         onclick: () => send({ do: "action", text: a.text }) }, a.label);
  }

  function typedZone(view) {
    if (!view.typed) return null;
    const input = h("input", { type: "text", class: "ct-input", "data-key": "typed",
                               "aria-label": view.typed.label, placeholder: view.typed.tip,
                               title: view.typed.tip });
    input.value = typedText;
    input.addEventListener("input", () => { typedText = input.value; });
    const go = () => { if (input.value.trim()) send({ do: "typed", text: input.value.trim() }); };
    input.addEventListener("keydown", (ev) => { if (ev.key === "Enter") { ev.preventDefault(); go(); } });
    return [h("div", { class: "ct-typed" }, input,
      h("button", { class: "ct-btn", type: "button", "data-key": "btn:typed", title: view.typed.button_tip,
                    onclick: go }, view.typed.button)), said(view, "typed")];
  }

  function logZone(view) {
    if (!view.log) return null;
    const lines = view.log.lines.map((l, i) => {
      const key = l.text + "#" + i;
      const det = h("details", { class: "ct-line" + (l.you ? " ct-line-you" : "") },
        h("summary", {}, h("span", { text: l.text }), " ", h("span", { class: "ct-why-link", text: view.log.details })),
        h("div", { class: "ct-details", html: l.details }));
      if (openDetails.has(key)) det.open = true;
      det.addEventListener("toggle", () => { if (det.open) openDetails.add(key); else openDetails.delete(key); });
      return det;
    });
    return h("section", { class: "ct-log", "aria-label": view.log.title },
      h("div", { class: "ct-label", text: view.log.title }),
      view.log.earlier ? h("div", { class: "ct-muted ct-log-earlier", text: view.log.earlier }) : null,
      h("div", { "aria-live": "polite" }, lines.length ? lines : h("div", { class: "ct-muted", text: view.log.empty })));
  }

  function editZone(view) {
    const e = view.edit;
    if (!e) return null;
    return h("section", { class: "ct-edit", role: "group", "aria-label": e.words.pack },
      h("div", { class: "ct-label", text: e.words.pack + (e.chosen ? " · " + e.chosen : "") }),
      h("div", { class: "ct-pack" }, e.pack.map((c) => h("button", {
        class: "ct-card ct-in-pack" + (c.c === e.chosen_card ? " ct-sel" : ""), type: "button",
        "data-key": "pack:" + c.c, "data-card": c.c, "aria-label": c.label, title: c.label,
        "aria-pressed": String(c.c === e.chosen_card), onclick: () => send({ do: "pick", card: c.c }),
      }, face({ faces: e.faces }, c)))),
      h("div", { class: "ct-muted", text: e.words.remove }));
  }

  let typedText = "";
  // the picker's choices not yet dealt, kept across redraws until the table deals a game
  let draft = null;
  let draftKey = "";

  function setupZone(view) {
    const s = view.setup;
    if (!s) return null;
    const key = [s.variant.value, s.players.value, s.seed.value, s.bots.value].join("|");
    if (key !== draftKey || !draft) {
      draftKey = key;
      draft = { variant: s.variant.value, players: s.players.value, seed: String(s.seed.value),
                bots: s.bots.value };
    }
    const chosen = s.variant.options.find((o) => o.value === draft.variant) || s.variant.options[0];
    // the numbers of players the variant allows (read from the variant by the Python side)
    if (!chosen.players.includes(Number(draft.players))) {
      draft.players = chosen.players.includes(chosen.default) ? chosen.default : chosen.players[0];
    }
    const select = (name, field, options, onchange) => h("label", { class: "ct-field" },
      h("span", { text: field.label }),
      h("select", { "data-key": "setup:" + name, disabled: options.length < 2 || null,
                    onchange: (ev) => { onchange(ev.target.value); draw(); } },
        options.map((o) => h("option", { value: o.value, selected: String(o.value) === String(draft[name]) || null,
                                         text: o.label }))));
    const seed = h("input", { type: "number", class: "ct-seed", "data-key": "setup:seed", min: 0,
                              max: s.seed.max, step: 1, inputmode: "numeric", title: s.seed.tip });
    seed.value = draft.seed;
    seed.addEventListener("input", () => { draft.seed = seed.value; });
    const deal = () => send({ do: "new", variant: draft.variant, players: Number(draft.players),
                              seed: draft.seed.trim(), bots: draft.bots });
    seed.addEventListener("keydown", (ev) => { if (ev.key === "Enter") { ev.preventDefault(); deal(); } });
    return [h("section", { class: "ct-setup", role: "group", "aria-label": s.title },
      h("span", { class: "ct-label", text: s.title }),
      select("variant", s.variant, s.variant.options, (v) => { draft.variant = v; draft.players = null; }),
      select("players", s.players, chosen.players.map((n) => ({ value: n, label: String(n) })),
             (v) => { draft.players = Number(v); }),
      h("label", { class: "ct-field" }, h("span", { text: s.seed.label }), seed),
      select("bots", s.bots, s.bots.options, (v) => { draft.bots = v; }),
      h("button", { class: "ct-btn ct-primary", type: "button", "data-key": "btn:new", title: s.tip,
                    onclick: deal }, s.button)), said(view, "setup")];
  }

  function howtoZone(view) {
    const w = view.howto;
    if (!w) return null;
    // the variant's own help, folded; kept open across redraws once opened
    const det = h("details", { class: "ct-howto", "data-key": "howto" },
      h("summary", { class: "ct-label", text: w.title }),
      h("table", { class: "ct-howto-rows" },
        h("thead", {}, h("tr", {}, h("th", { scope: "col", text: w.to }), h("th", { scope: "col", text: w.click }))),
        h("tbody", {}, w.rows.map((r) => h("tr", { "data-row": r.key },
          h("th", { scope: "row", text: r.to }), h("td", { text: r.click }))))));
    if (openDetails.has("howto")) det.open = true;
    det.addEventListener("toggle", () => { if (det.open) openDetails.add("howto"); else openDetails.delete("howto"); });
    return det;
  }

  function gameZone(view) {
    const g = view.game;
    if (!g) return null;
    const head = h("tr", {}, h("th", { text: "" }), g.sides.map((n) => h("th", { scope: "col", text: n })));
    const rows = g.hands.map((r) => h("tr", { "data-hand": r.no }, h("th", { scope: "row", text: r.label }),
      r.points.map((p, i) => h("td", { text: (p.startsWith("−") ? p : "+" + p) + " → " + r.after[i] }))));
    const total = h("tr", { class: "ct-total" }, h("th", { scope: "row", text: g.total }),
      g.scores.map((p) => h("td", { text: p })));
    // each hand's itemised count, as the engine made it, a click away (kept open across redraws)
    const counts = g.hands.map((r) => {
      const key = "hand#" + r.no;
      const det = h("details", { class: "ct-hand-result", "data-hand": r.no },
        h("summary", {}, h("span", { text: r.label }), " ", h("span", { class: "ct-why-link", text: g.details })),
        h("div", { class: "ct-details", html: r.details }));
      if (openDetails.has(key)) det.open = true;
      det.addEventListener("toggle", () => { if (det.open) openDetails.add(key); else openDetails.delete(key); });
      return det;
    });
    return h("section", { class: "ct-game", "aria-label": g.title },
      h("div", { class: "ct-label", text: g.title }),
      h("div", { class: "ct-rule", text: g.rule }),
      g.hands.length ? h("table", { class: "ct-scores" }, h("thead", {}, head), h("tbody", {}, rows, total))
                     : h("div", { class: "ct-rule", text: g.empty }),
      counts,
      g.over ? h("div", { class: "ct-over", role: "status", text: g.over }) : null);
  }


  function draw() {
    if (pressing) { redrawLater = true; return; }
    const view = model.get("view");
    if (!view || !view.hand) return;
    const active = root.contains(document.activeElement) ? document.activeElement.getAttribute("data-key") : null;
    root.replaceChildren();
    root.setAttribute("aria-label", view.title);
    root.setAttribute("lang", view.lang);
    root.classList.toggle("ct-waiting", !!view.waiting);
    const theirs = view.sides.filter((s) => !s.yours).map((s) => sideZone(view, s));
    const yours = view.sides.filter((s) => s.yours).map((s) => sideZone(view, s));
    add(root, [
      h("div", { class: "ct-head" }, h("span", { class: "ct-title", text: view.title }),
        h("span", { class: "ct-status", "aria-live": "polite", text: view.status })),
      setupZone(view),
      editZone(view),
      h("div", { class: "ct-felt" }, theirs, center(view), yours, handZone(view), bar(view), hintZone(view)),
      howtoZone(view),
      legalZone(view),
      view.result ? h("div", { class: "ct-result", html: view.result }) : null,
      gameZone(view), logZone(view), typedZone(view)]);
    if (active) {
      const again = root.querySelector(`[data-key="${CSS.escape(active)}"]`);
      if (again) again.focus();
    }
  }

  model.on("change:view", draw);
  model.on("change:selected", draw);
  draw();
  return () => {
    model.off("change:view", draw);
    model.off("change:selected", draw);
    document.removeEventListener("pointerup", released, true);
    document.removeEventListener("pointercancel", released, true);
  };
}

export default { render };
