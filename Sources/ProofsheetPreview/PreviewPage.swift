/// The one page `proofsheet preview` serves: every scene's stills, each timeline as a player
/// (play and pause, a scrubber to any millisecond with the key instants marked, speed 0.25× to
/// 2×), an error at its file, line and column over the last good render, all kept up to date
/// through the server's events. Its script and style are its own (no outside resources).
enum PreviewPage {
    static let html = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="referrer" content="no-referrer">
        <title>Proofsheet preview</title>
        <style>
        :root { color-scheme: light dark; --line: #8884; --muted: #888; --accent: #0a6cff; --bad: #d12; }
        body { font: 14px/1.4 -apple-system, system-ui, sans-serif; margin: 0; padding: 16px 24px; }
        header { display: flex; gap: 16px; align-items: baseline; }
        header h1 { font-size: 18px; margin: 0; }
        #status { color: var(--muted); }
        section.scene { border-top: 1px solid var(--line); padding: 12px 0 20px; }
        section.scene h2 { font-size: 15px; margin: 0 0 8px; font-family: ui-monospace, monospace; }
        pre.error { color: var(--bad); background: #d1221210; border-left: 3px solid var(--bad); padding: 8px 12px; white-space: pre-wrap; margin: 0 0 12px; }
        .row { display: flex; flex-wrap: wrap; gap: 16px; align-items: flex-start; }
        figure { margin: 0; }
        figure img, .player img { display: block; height: 360px; width: auto; border: 1px solid var(--line); border-radius: 6px; background: #fff; }
        h3 { font-size: 12px; font-weight: 600; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); margin: 12px 0 6px; }
        figcaption { color: var(--muted); font-size: 12px; margin-top: 4px; }
        .player { display: inline-flex; flex-direction: column; gap: 6px; min-width: 240px; }
        .player img { object-fit: contain; }
        .controls { display: flex; gap: 8px; align-items: center; }
        .controls button { min-width: 64px; }
        .marks { position: relative; height: 10px; }
        .marks span { position: absolute; top: 0; width: 2px; height: 10px; background: var(--accent); cursor: pointer; transform: translateX(-1px); }
        input[type=range] { width: 100%; margin: 0; }
        .time { font-variant-numeric: tabular-nums; color: var(--muted); min-width: 64px; }
        </style></head>
        <body data-version="-1">
        <header><h1>Proofsheet preview</h1><span id="status">loading…</span></header>
        <main id="scenes"></main>
        <script>
        "use strict";
        const token = new URLSearchParams(location.search).get("token") || "";
        const players = new Map();
        const images = new Map();
        let state = null;

        // The image element for `key`, kept across redraws: a new picture replaces the old one
        // only once it has loaded, so nothing blinks and the last good render stays meanwhile.
        function image(key, src, attrs) {
          let img = images.get(key);
          if (!img) {
            img = el("img", attrs);
            img.src = src;
            img.dataset.src = src;
            images.set(key, img);
            return img;
          }
          if (src && img.dataset.src !== src) {
            const next = new Image();
            next.onload = () => { if (img.dataset.src === src) img.src = src; };
            next.src = src;
          }
          if (src) img.dataset.src = src;
          return img;
        }

        function url(path, params) {
          const q = new URLSearchParams(params);
          q.set("token", token);
          return path + "?" + q.toString();
        }

        function el(tag, attrs, ...children) {
          const e = document.createElement(tag);
          for (const [k, v] of Object.entries(attrs || {})) {
            if (k === "text") e.textContent = v; else e.setAttribute(k, v);
          }
          for (const c of children) if (c) e.appendChild(c);
          return e;
        }

        async function load() {
          try {
            const r = await fetch(url("/state", {}), { cache: "no-store" });
            if (!r.ok) throw new Error(r.status + " " + r.statusText);
            state = await r.json();
            render();
          } catch (e) {
            document.getElementById("status").textContent = "cannot reach the preview: " + e.message;
          }
        }

        function render() {
          const main = document.getElementById("scenes");
          main.replaceChildren();
          let errors = 0;
          for (const scene of state.scenes) {
            const section = el("section", { class: "scene", "data-file": scene.file });
            section.appendChild(el("h2", { text: scene.file }));
            if (scene.error) { errors++; section.appendChild(el("pre", { class: "error", text: scene.error })); }
            for (const view of scene.views) {
              section.appendChild(el("h3", { text: "Stills · " + view.device }));
              const row = el("div", { class: "row" });
              for (const still of view.stills) {
                const img = image(scene.file + "|" + view.d + "|" + still.name,
                  url("/still", { s: scene.s, d: view.d, k: still.k, v: scene.version }),
                  { class: "still", alt: still.name, "data-name": still.name });
                row.appendChild(el("figure", {}, img, el("figcaption", { text: still.name })));
              }
              section.appendChild(row);
              if (view.timelines.length) {
                section.appendChild(el("h3", { text: "Timelines · " + view.device }));
                const players = el("div", { class: "row" });
                for (const t of view.timelines) players.appendChild(player(scene, view, t));
                section.appendChild(players);
              }
            }
            main.appendChild(section);
          }
          const n = state.scenes.length;
          document.getElementById("status").textContent =
            n + " scene" + (n === 1 ? "" : "s") + (errors ? " · " + errors + " with an error (the last good render stays)" : "");
          document.body.dataset.version = String(state.version);
        }

        function player(scene, view, t) {
          const key = scene.file + "|" + view.d + "|" + t.name;
          const old = players.get(key) || { ms: 0, playing: false, speed: 1 };
          const p = { key, ms: old.ms, playing: old.playing, speed: old.speed, duration: t.duration || 0, loading: false, want: null,
            s: scene.s, d: view.d, t: t.t, v: scene.version };
          players.set(key, p);
          const img = image("player|" + key, null, { class: "frame", alt: t.name });
          const range = el("input", { type: "range", min: "0", max: String(p.duration), step: "1", value: String(p.ms) });
          const time = el("span", { class: "time" });
          const play = el("button", { type: "button", class: "play", text: p.playing ? "Pause" : "Play" });
          const speed = el("select", { class: "speed" });
          for (const s of [0.25, 0.5, 1, 2]) {
            const o = el("option", { value: String(s), text: s + "×" });
            if (s === p.speed) o.selected = true;
            speed.appendChild(o);
          }
          const marks = el("div", { class: "marks" });
          for (const i of t.instants) {
            const m = el("span", { title: i.ms + " ms" + (i.label ? ": " + i.label : ""), "data-ms": String(i.ms) });
            m.style.left = (p.duration ? 100 * i.ms / p.duration : 0) + "%";
            m.addEventListener("click", () => { p.playing = false; play.textContent = "Play"; seek(i.ms); });
            marks.appendChild(m);
          }
          const box = el("div", { class: "player", "data-timeline": t.name }, img, marks, range,
            el("div", { class: "controls" }, play, speed, time), el("figcaption", { text: t.name }),
            t.error ? el("pre", { class: "error", text: t.error }) : null);
          p.img = img; p.range = range; p.time = time; p.box = box;
          function show(ms) {
            p.want = ms;
            if (p.loading) return;
            p.loading = true;
            const next = new Image();
            next.onload = next.onerror = () => {
              p.loading = false;
              if (next.naturalWidth) { img.src = next.src; box.dataset.shown = String(ms); }
              if (p.want !== ms) show(p.want);
            };
            next.src = url("/frame", { s: p.s, d: p.d, t: p.t, ms: ms, v: p.v });
          }
          function seek(ms) {
            p.ms = Math.max(0, Math.min(p.duration, Math.round(ms)));
            range.value = String(p.ms);
            time.textContent = p.ms + " ms";
            box.dataset.ms = String(p.ms);
            show(p.ms);
          }
          p.seek = seek;
          range.addEventListener("input", () => { p.playing = false; play.textContent = "Play"; seek(Number(range.value)); });
          speed.addEventListener("change", () => { p.speed = Number(speed.value); });
          play.addEventListener("click", () => {
            p.playing = !p.playing;
            play.textContent = p.playing ? "Pause" : "Play";
            if (p.playing) { if (p.ms >= p.duration) seek(0); p.last = null; requestAnimationFrame(tick); }
          });
          function tick(now) {
            if (!p.playing || players.get(key) !== p) return;
            if (p.last != null) {
              let ms = p.ms + (now - p.last) * p.speed;
              if (ms > p.duration) ms = 0;
              // Frames on a 30-a-second grid while playing, so a second play finds them cached.
              p.ms = ms;
              const frame = Math.round(Math.round(ms * 30 / 1000) * 1000 / 30);
              range.value = String(Math.round(ms));
              time.textContent = Math.round(ms) + " ms";
              box.dataset.ms = String(Math.round(ms));
              show(Math.min(frame, p.duration));
            }
            p.last = now;
            requestAnimationFrame(tick);
          }
          seek(p.ms);
          if (p.playing) requestAnimationFrame(tick);
          return box;
        }

        const events = new EventSource(url("/events", {}));
        events.addEventListener("change", load);
        events.onerror = () => { document.getElementById("status").textContent = "reconnecting…"; };
        load();
        </script>
        </body></html>
        """
}
