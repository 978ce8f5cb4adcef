// A filtered list's filter (lib/filtered-list.js) as a form: its fields, then Search, which
// applies it (a wrong filter is said under its fields and not asked for).

/**
 * @param {{ list: { search: (e?: Event) => void }, searchText: string, class?: string, testId?: string,
 *   children: import("preact").ComponentChildren }} props
 */
export function FilterBar({ list, searchText, class: formClass = "toolbar", testId, children }) {
  return (
    <form class={formClass} onSubmit={list.search} noValidate data-testid={testId}>
      {children}
      <div class="toolbar-button">
        <button type="submit" class="btn btn-primary">
          {searchText}
        </button>
      </div>
    </form>
  );
}
