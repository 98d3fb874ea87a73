import type { ReactNode } from 'react';

interface DocumentProps {
  language: string;
  title: string;
  description: string;
  children: ReactNode;
}

/** The HTML document around every server-rendered page. */
export function Document({ language, title, description, children }: DocumentProps) {
  return (
    <html lang={language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <meta name="description" content={description} />
      </head>
      <body>{children}</body>
    </html>
  );
}
