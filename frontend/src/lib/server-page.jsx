// Lists the server pages (GET …pageNumber=n answering `{ data, totalRecords }`): the page asked
// (`useServerPage`, lib/filtered-list.js, on the data layer), never a page of the one before; a
// count line, the page's rows and Previous / Next.
import { number } from "./format";
import { DataTable, Pager } from "./table";
import { Loading } from "./ui";

export { useServerPage } from "./filtered-list";

/** @typedef {{ data: any[], totalRecords: number }} ServerPage one page of rows and the count of them all */

/**
 * A server page as a table: Loading until `answer` comes, then "n things" (`nouns`: one, many; none
 * said when there are none, the table's empty text says it), the rows
 * (keyed by their `rowKey` field, no serial numbers) and the pager over all pages. The other props go to DataTable.
 * @param {{ answer: ServerPage | null, page: number, onPage: (page: number) => void, pageSize: number,
 *   rowKey: string, nouns: [string, string], countTestId: string }
 *   & Omit<Parameters<typeof DataTable>[0], "rows" | "pageSize" | "serial">} props
 */
export function ServerTable({ answer, page, onPage, pageSize, rowKey, nouns, countTestId, ...table }) {
  if (!answer) return <Loading />;
  const pages = Math.max(1, Math.ceil(answer.totalRecords / pageSize));
  return (
    <>
      {/* The count with the locale's grouping; none: the table's empty text alone says so (issue #55). */}
      {answer.totalRecords > 0 && (
        <p class="muted" data-testid={countTestId}>
          {number(answer.totalRecords)} {answer.totalRecords === 1 ? nouns[0] : nouns[1]}
        </p>
      )}
      <DataTable {...table} pageSize={pageSize} serial={false} rows={answer.data.map((row) => ({ ...row, key: row[rowKey] }))} />
      <Pager page={page} pages={pages} onPage={onPage} />
    </>
  );
}
