// sdkd dashboard: live updates. The server renders every fragment; this script only swaps them in
// when a server-sent event brings new ones, keeps keyboard focus and open <details> across the swap,
// and ticks the upgrade countdown between blocks. No framework, no build step.
;(() => {
  const url = document.body.dataset.events
  const state = document.getElementById('live-state')
  const setState = (text) => {
    if (state) state.textContent = text
  }

  /** Replaces the element with this id by the server's new rendering of it. */
  function swap(id, markup) {
    const old = document.getElementById(id)
    if (!old) return
    const template = document.createElement('template')
    template.innerHTML = markup.trim()
    const next = template.content.firstElementChild
    if (!next || next.id !== id) return
    const focused = document.activeElement
    const focusHref = focused && old.contains(focused) ? focused.getAttribute('href') : null
    const focusId = focused && old.contains(focused) ? focused.id : ''
    const open = [...old.querySelectorAll('details[open]')].map((d) => d.id).filter(Boolean)
    for (const detailsId of open) {
      const again = next.querySelector(`#${CSS.escape(detailsId)}`)
      if (again) again.open = true
    }
    old.replaceWith(next)
    let target = null
    if (focusId) target = document.getElementById(focusId)
    else if (focusHref) target = next.querySelector(`[href="${CSS.escape(focusHref)}"]`)
    if (target) target.focus({ preventScroll: true })
    startCountdowns(next)
  }

  /** Counts the estimated time to the upgrade height down between blocks. */
  function startCountdowns(root) {
    for (const el of root.querySelectorAll('[data-ms-left]')) {
      el.dataset.until = String(Date.now() + Number(el.dataset.msLeft))
    }
  }

  function formatLeft(ms) {
    const s = Math.max(0, Math.round(ms / 1000))
    if (s < 60) return `${s}s`
    const m = Math.floor(s / 60)
    if (m < 60) return `${m}m${String(s % 60).padStart(2, '0')}s`
    return `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}m`
  }

  startCountdowns(document)
  setInterval(() => {
    for (const el of document.querySelectorAll('[data-until]')) {
      el.textContent = formatLeft(Number(el.dataset.until) - Date.now())
    }
  }, 1000)

  if (!url || !('EventSource' in window)) return
  const source = new EventSource(url)
  source.addEventListener('open', () => setState('live updates: on'))
  source.addEventListener('error', () => setState('live updates: reconnecting…'))
  source.addEventListener('update', (event) => {
    const update = JSON.parse(event.data)
    for (const [id, markup] of Object.entries(update.fragments)) swap(id, markup)
    setState('live updates: on')
  })
  window.addEventListener('pagehide', () => source.close())
})()
