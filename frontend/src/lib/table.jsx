// A paged table: columns, rows, page size as a prop, serial numbers, empty state.
import { useEffect, useState } from "react";
import { Empty } from "./ui";

/** columns: [{ key, label (text or element; then `title` names it on phones), render?(row, index) }] */
export function DataTable({ columns, rows, pageSize = 30, serial = true, empty, rowClass, testId }) {
  const [page, setPage] = useState(0);
  const pages = Math.max(1, Math.ceil(rows.length / pageSize));
  useEffect(() => {
    if (page >= pages) setPage(0);
  }, [pages, page]);
  if (!rows.length) return <Empty text={empty} />;
  const start = page * pageSize;
  const shown = rows.slice(start, start + pageSize);
  return (
    <div class="table-wrap" data-testid={testId}>
      <table>
        <thead>
          <tr>
            {serial && <th>S.No.</th>}
            {columns.map((c) => (
              <th key={c.key}>{c.label}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {shown.map((row, i) => (
            <tr key={row.key ?? start + i} class={rowClass ? rowClass(row) : undefined}>
              {serial && <td data-label="S.No.">{start + i + 1}</td>}
              {columns.map((c) => (
                <td key={c.key} data-label={typeof c.label === "string" ? c.label : c.title || ""}>
                  {c.render ? c.render(row, start + i) : row[c.key]}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {pages > 1 && (
        <nav class="pager" aria-label="Pages">
          <button type="button" class="btn" disabled={page === 0} onClick={() => setPage(page - 1)}>
            Previous
          </button>
          <span>
            Page {page + 1} of {pages}
          </span>
          <button type="button" class="btn" disabled={page + 1 >= pages} onClick={() => setPage(page + 1)}>
            Next
          </button>
        </nav>
      )}
    </div>
  );
}
