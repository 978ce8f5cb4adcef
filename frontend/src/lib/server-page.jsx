// Lists the server pages (GET …pageNumber=n answering `{ data, totalRecords }`): the answer of the
// very query asked, never a page of the one before; a count line, the page's rows and Previous / Next.
import { useEffect, useState } from "react";
import { get } from "./api-client";
import { number } from "./format";
import { DataTable, Pager } from "./table";
import { Loading } from "./ui";

/** @typedef {{ data: any[], totalRecords: number }} ServerPage one page of rows and the count of them all */

/**
 * The answer of GET `path` (its query names the page), null while it is asked for: a new path or a new
 * `reload` value asks again, and an answer to an earlier one is never given. A failed request gives an
 * empty page, after `onError(err)` when there is one.
 * @param {string} path
 * @param {{ reload?: number, onError?: (err: any) => void }} [options] `reload`: a counter to bump to ask again
 * @returns {ServerPage | null}
 */
export function useServerPage(path, { reload = 0, onError } = {}) {
  const [answer, setAnswer] = useState(/** @type {(ServerPage & { key: string }) | null} */ (null));
  const key = `${reload}|${path}`;
  useEffect(() => {
    // An answer that comes after a newer question was asked is dropped: kept, it would replace the
    // newer answer (if that came first) and, being for another key, leave the page loading for good.
    let asked = true;
    /** @type {Promise<ServerPage>} */ (get(path))
      .then((r) => asked && setAnswer({ ...r, key }))
      .catch((err) => {
        if (!asked) return;
        if (onError) onError(err);
        setAnswer({ data: [], totalRecords: 0, key });
      });
    return () => {
      asked = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- asks once per path and reload; `onError` is the caller's, remade on every render
  }, [path, key]);
  return answer && answer.key === key ? answer : null;
}

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
