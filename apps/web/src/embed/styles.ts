/**
 * The elements' stylesheets (adopted by their shadow roots). Host pages theme them through the
 * custom properties below (docs/EMBEDDING.md "Theming") and the `part`s; nothing else of the
 * host page reaches in: the inner box sets every inherited text style itself, so what a host
 * page sets on the element (even with !important) is not inherited.
 */
export const SHARED_STYLES = `
:host { all: initial; display: block; contain: content; }
:host([hidden]) { display: none; }
*, *::before, *::after { box-sizing: border-box; }
.frame {
  font-family: var(--locator-font, system-ui, -apple-system, 'Segoe UI', 'Noto Sans', sans-serif);
  font-size: var(--locator-font-size, 16px);
  font-weight: normal;
  font-style: normal;
  line-height: 1.45;
  letter-spacing: normal;
  word-spacing: normal;
  text-transform: none;
  text-indent: 0;
  white-space: normal;
  visibility: visible;
  color: var(--locator-text, #1d1d1f);
  background: var(--locator-background, #fff);
  border: 1px solid var(--locator-border, #d2d2d7);
  border-radius: var(--locator-radius, 12px);
  padding: 16px;
  text-align: start;
}
h2 { font-size: 1.2em; margin: 0 0 8px; line-height: 1.25; }
p { margin: 0; }
a { color: var(--locator-link, #0058b8); }
a:hover { text-decoration: none; }
:is(a, button, input, select, [tabindex]):focus-visible {
  outline: 3px solid var(--locator-focus, #0071e3);
  outline-offset: 2px;
}
button {
  font: inherit;
  cursor: pointer;
  min-height: 44px;
  padding: 8px 16px;
  border-radius: var(--locator-radius, 12px);
  border: 1px solid var(--locator-accent, #0058b8);
  background: var(--locator-accent, #0058b8);
  color: var(--locator-accent-text, #fff);
}
button:disabled { opacity: 0.6; cursor: default; }
button.secondary { background: transparent; color: var(--locator-accent, #0058b8); }
address { font-style: normal; color: var(--locator-muted, #545458); font-size: 0.9em; }
.status-line:empty { display: none; }
.status-line { margin: 8px 0; color: var(--locator-muted, #545458); }
.meta { display: flex; flex-wrap: wrap; gap: 4px 12px; font-size: 0.9em; }
.distance { color: var(--locator-muted, #545458); }
.status--open { color: var(--locator-open, #1a7f37); }
.status--closed { color: var(--locator-closed, #b3261e); }
.status--soon { color: var(--locator-soon, #8a5300); }
.stores { list-style: none; margin: 0; padding: 0; }
.store { padding: 10px 0; border-top: 1px solid var(--locator-border, #d2d2d7); }
.store:first-child { border-top: 0; }
.name { font-weight: 600; }
.visually-hidden {
  position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden;
  clip-path: inset(50%); white-space: nowrap; border: 0;
}
`;

export const NEAREST_STYLES = `
.card { display: flex; flex-direction: column; gap: 4px; }
.more { display: inline-block; margin-top: 8px; font-weight: 600; }
.locate { margin: 4px 0; }
`;

export const LOCATOR_STYLES = `
form { display: flex; flex-wrap: wrap; gap: 12px; align-items: flex-end; margin-bottom: 12px; }
label { display: block; font-weight: 600; font-size: 0.9em; margin-bottom: 4px; }
.field { flex: 1 1 220px; position: relative; min-width: 0; }
input, select {
  font: inherit; color: inherit; width: 100%; min-height: 44px; padding: 8px 12px;
  border: 1px solid var(--locator-border-strong, #6e6e73); border-radius: 8px;
  background: var(--locator-background, #fff);
}
.actions { display: flex; gap: 8px; flex-wrap: wrap; }
[role='listbox'] {
  position: absolute; inset-inline: 0; top: 100%; z-index: 3; margin: 2px 0 0; padding: 4px 0;
  list-style: none; background: var(--locator-background, #fff);
  border: 1px solid var(--locator-border-strong, #6e6e73); border-radius: 8px;
  box-shadow: 0 6px 20px rgb(0 0 0 / 15%);
}
[role='listbox'][hidden] { display: none; }
[role='option'] { padding: 8px 12px; cursor: pointer; }
[role='option'] small { display: block; color: var(--locator-muted, #545458); }
[role='option'][aria-selected='true'] { background: var(--locator-highlight, #e8f0fe); }
.layout { display: grid; grid-template-columns: minmax(0, 1fr); gap: 16px; }
.layout.has-map { grid-template-columns: minmax(0, 2fr) minmax(0, 3fr); }
@media (max-width: 720px) { .layout.has-map { grid-template-columns: minmax(0, 1fr); } }
:host([data-narrow]) .layout.has-map { grid-template-columns: minmax(0, 1fr); }
.map { height: 440px; align-self: start; position: sticky; top: 8px; border-radius: 8px; overflow: hidden; background: #e9eef2; }
.store button.open-detail {
  all: unset; cursor: pointer; font-weight: 600; color: var(--locator-link, #0058b8);
  text-decoration: underline;
}
.store button.open-detail:focus-visible { outline: 3px solid var(--locator-focus, #0071e3); }
.store[aria-current='true'] { background: var(--locator-highlight, #e8f0fe); }
.pages { display: flex; gap: 8px; align-items: center; justify-content: center; margin-top: 8px; }
.pages button { min-width: 44px; padding: 8px; }
.frame[dir='rtl'] .pages button { transform: scaleX(-1); }
.detail ul { list-style: none; padding: 0; margin: 12px 0 0; display: flex; flex-wrap: wrap; gap: 8px 16px; }
.detail h3 { margin: 12px 0 4px; font-size: 1.1em; }
.detail table { border-collapse: collapse; font-size: 0.9em; }
.detail td, .detail th { padding: 2px 12px 2px 0; text-align: start; font-weight: normal; }
`;
