import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { Button } from './button.tsx';

const sourceRoot = join(import.meta.dirname, '..');

/** Source files of the widget with the given ending, tests left out. */
function sources(ending: string): { path: string; text: string }[] {
  return readdirSync(sourceRoot, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(ending))
    .filter((entry) => !entry.name.includes('.test.'))
    .map((entry) => {
      const file = join(entry.parentPath, entry.name);
      return { path: relative(sourceRoot, file), text: readFileSync(file, 'utf8') };
    });
}

/** The button React renders for an element, as type, classes, part names and text. */
function rendered(element: ReactNode) {
  const container = document.createElement('div');
  const root = createRoot(container);
  flushSync(() => root.render(element));
  const button = container.querySelector('button');
  const seen = {
    type: button?.getAttribute('type'),
    classes: button?.className,
    part: button?.getAttribute('part'),
    text: button?.textContent,
  };
  root.unmount();
  return seen;
}

/** Controls that choose rather than act, styled as what they are: a card, a path link. */
const nonActionButtons = new Set(['tile', 'breadcrumb-button']);

describe('Button', () => {
  it('renders a secondary action by default, typed so that it never submits by accident', () => {
    expect(rendered(<Button>Back</Button>)).toEqual({
      type: 'button',
      classes: 'button',
      part: 'button',
      text: 'Back',
    });
  });

  it('marks the main action for styling and for ::part(button primary)', () => {
    expect(
      rendered(
        <Button variant="primary" type="submit">
          Send
        </Button>,
      ),
    ).toEqual({
      type: 'submit',
      classes: 'button button-primary',
      part: 'button primary',
      text: 'Send',
    });
  });

  it('keeps a caller’s own class and part name', () => {
    expect(
      rendered(
        <Button variant="link" className="cart-link" part="cart-link">
          Cart
        </Button>,
      ),
    ).toEqual({
      type: 'button',
      classes: 'button button-link cart-link',
      part: 'cart-link',
      text: 'Cart',
    });
  });
});

describe('one button style', () => {
  it('every action button of the widget is a Button', () => {
    const raw: string[] = [];
    for (const { path, text } of sources('.tsx')) {
      if (path === join('shared', 'button.tsx')) continue;
      for (const match of text.matchAll(/<button\b[^>]*?className="([^"]*)"/gs)) {
        if (!nonActionButtons.has(match[1] ?? '')) raw.push(`${path}: ${match[0]}`);
      }
      for (const match of text.matchAll(/<button\b(?![^>]*?className=)/gs)) {
        raw.push(`${path}: ${match[0]}`);
      }
    }
    expect(raw).toEqual([]);
  });

  it('only the element stylesheet styles .button, and no other button class exists', () => {
    const styled = sources('.css')
      .filter(({ path, text }) => path !== join('element', 'widget.css') && /\.button\b/.test(text))
      .map(({ path }) => path);
    expect(styled).toEqual([]);
    const otherClasses = sources('.tsx').filter(({ text }) =>
      /flow-button|button-secondary/.test(text),
    );
    expect(otherClasses.map(({ path }) => path)).toEqual([]);
  });
});
