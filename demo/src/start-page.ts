// The script of the demo start pages (`index.html`, `de.html`), a classic file since their
// policy allows nothing inline: it writes this server's origin into the snippets, makes the
// copy buttons work and logs the live widget's events. The pages hold every text (in their
// language); this file holds none. It runs in <head>, before the widget's loader, so that no
// event of the widget can fire before the log listens.
import { widgetEventNames } from './widget-event-names.ts';

/** The element whose events the log shows: `<tradein-widget id="events-widget">`. */
const loggedWidgetId = 'events-widget';

interface LoggedEvent {
  name: string;
  detail: unknown;
  time: Date;
}

const waiting: LoggedEvent[] = [];

function logList(): HTMLElement | null {
  return document.getElementById('event-log');
}

function showEvent(list: HTMLElement, { name, detail, time }: LoggedEvent): void {
  const item = document.createElement('li');
  const clock = document.createElement('time');
  clock.dateTime = time.toISOString();
  clock.textContent = time.toLocaleTimeString(document.documentElement.lang, { hour12: false });
  const eventName = document.createElement('code');
  eventName.className = 'event-name';
  eventName.textContent = name;
  const eventDetail = document.createElement('code');
  eventDetail.className = 'event-detail';
  eventDetail.textContent = JSON.stringify(detail);
  item.append(clock, ' ', eventName, ' ', eventDetail);
  list.append(item);
  document.getElementById('event-log-empty')?.setAttribute('hidden', '');
  // The newest entry in view; the log around the list is its own scrolling box.
  const log = list.closest('[role="log"]');
  if (log !== null) log.scrollTop = log.scrollHeight;
}

for (const name of widgetEventNames) {
  document.addEventListener(name, (event) => {
    if (!(event.target instanceof Element) || event.target.id !== loggedWidgetId) return;
    const logged = { name, detail: (event as CustomEvent).detail, time: new Date() };
    const list = logList();
    if (list === null) waiting.push(logged);
    else showEvent(list, logged);
  });
}

/** Writes the origin of this server where the page names it (`data-origin`). */
function fillOrigin(): void {
  for (const element of document.querySelectorAll('[data-origin]')) {
    element.textContent = location.origin;
  }
}

/** Copies the text of the element a button names (`data-copy`), with feedback in `data-status`. */
function enableCopyButtons(): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>('button[data-copy]')) {
    const source = document.getElementById(button.dataset['copy'] ?? '');
    const status = document.getElementById(button.dataset['status'] ?? '');
    if (source === null || status === null) continue;
    button.hidden = false;
    let clearing: ReturnType<typeof setTimeout> | undefined;
    button.addEventListener('click', () => {
      const text = source.textContent ?? '';
      void copyText(text, source).then((copied) => {
        // Emptied first, so that a second copy is announced again.
        status.textContent = '';
        clearTimeout(clearing);
        requestAnimationFrame(() => {
          status.textContent =
            (copied ? button.dataset['copied'] : button.dataset['copyFailed']) ?? '';
          clearing = setTimeout(() => {
            status.textContent = '';
          }, 5000);
        });
      });
    });
  }
}

/** The clipboard API where the page may use it; else the selection and the copy command. */
async function copyText(text: string, source: HTMLElement): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const selection = getSelection();
    if (selection === null) return false;
    selection.selectAllChildren(source);
    // A page on plain HTTP has no clipboard API: the old command still copies a selection.
    return document.execCommand('copy');
  }
}

document.addEventListener('DOMContentLoaded', () => {
  fillOrigin();
  enableCopyButtons();
  const list = logList();
  if (list !== null) for (const logged of waiting.splice(0)) showEvent(list, logged);
});
