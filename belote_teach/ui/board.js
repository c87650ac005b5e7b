// belote-teach card board: shows three HTML parts drawn in Python (the table, the hand,
// the feedback) and reports a click on a card as a message {card: "JH", position: token}
// (an event, never merged or dropped like a trait that already holds that value), the
// token being the "position" the kernel drew with these parts, so that a click made on an
// earlier drawing is known as such; the kernel answers each click with {handled: true}.
// Cards are <button>s, so Enter and Space work too. Once drawn, the board says so
// ({shown: true}): the table waits for it before the computers play, so that the learner
// sees every card.
const PARTS = ["table_html", "hand_html", "feedback_html"];

function render({ model, el }) {
  el.classList.add("bt-root");
  const boxes = {};
  for (const name of PARTS) {
    const box = document.createElement("div");
    box.className = "bt-part bt-part-" + name.replace("_html", "");
    if (name === "feedback_html") {
      box.classList.add("bt-feedback");
      box.setAttribute("role", "status");
      box.setAttribute("aria-live", "polite");
    }
    el.appendChild(box);
    boxes[name] = box;
  }

  // Redrawing replaces the buttons: keep the keyboard focus on the same card, or, when
  // that card has left (played to the table), on the first card still clickable, so a
  // keyboard user never falls back to the top of the page.
  function draw(name) {
    const box = boxes[name];
    const active = document.activeElement;
    const focused = active && box.contains(active) ? active.dataset.card : null;
    box.innerHTML = model.get(name) || "";
    if (focused) {
      const again = box.querySelector(`button[data-card="${focused}"]`)
        || el.querySelector("button[data-card]:not([disabled])");
      if (again) again.focus();
    }
  }

  // The token of the drawing the learner could see: a hand is seen from the frame that
  // paints it on. A click made before that frame (the page busy, the input waiting for
  // its turn while the kernel's redraw came in) was aimed at the hand painted before,
  // even though it lands on the new one: it goes with that earlier drawing's token, which
  // the kernel refuses as a click on a position no longer on screen.
  let seen = { token: model.get("position") || "", at: 0 };
  let before = seen;
  function stamp() {
    const next = { token: model.get("position") || "", at: Infinity };
    before = seen.at === Infinity ? before : seen;
    seen = next;
    requestAnimationFrame(() => { next.at = performance.now(); });
  }

  for (const name of PARTS) {
    draw(name);
    model.on("change:" + name, () => draw(name));
  }
  model.on("change:hand_html", stamp);
  model.on("change:position", stamp);

  // A card clicked is lifted at once and the board marked busy, so the learner sees the
  // click taken while the kernel (the coach's review) answers; the kernel says when it
  // has handled the click ({handled: true}, after its redraw), which lifts the marks
  // whatever the answer (a card played, refused, or a click ignored).
  function settle() {
    el.classList.remove("bt-busy");
    for (const chosen of el.querySelectorAll(".bt-chosen")) chosen.classList.remove("bt-chosen");
  }
  model.on("msg:custom", (message) => { if (message && message.handled) settle(); });

  el.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-card]");
    if (!button || button.disabled || !el.contains(button)) return;
    const drawing = event.timeStamp >= seen.at ? seen : before;
    button.classList.add("bt-chosen");
    el.classList.add("bt-busy");
    model.send({ card: button.dataset.card, position: drawing.token });
  });
  model.send({ shown: true });
}

export default { render };
