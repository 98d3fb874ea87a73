import type { ReactNode } from 'react';

/** A column of a data table: its heading, whether it holds numbers, and a name when the heading is no text. */
type Column = { label: ReactNode; number?: boolean; name?: string };

/** The row of column headings of a data table. */
function TableHead({ columns }: { columns: readonly Column[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column, index) => (
          <th
            // The columns of a table are fixed: their place is their identity.
            // oxlint-disable-next-line react/no-array-index-key
            key={index}
            scope="col"
            className={column.number === true ? 'number' : undefined}
            aria-label={column.name}
          >
            {column.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** A table in the house style with its caption, column headings and rows. */
export function DataTable({
  caption,
  captionId,
  captionHidden,
  columns,
  className = 'table',
  busy,
  children,
}: {
  caption: ReactNode;
  captionId?: string;
  captionHidden?: boolean;
  columns: readonly Column[];
  className?: string;
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <table className={className} aria-busy={busy === true ? true : undefined}>
      <caption id={captionId} className={captionHidden === true ? 'visually-hidden' : undefined}>
        {caption}
      </caption>
      <TableHead columns={columns} />
      <tbody>{children}</tbody>
    </table>
  );
}
