// A module resolve hook for the unit tests: the app imports without extensions ("./session") and
// names React where Preact runs (package.json "alias"); node needs both spelled out.
const ALIAS = { react: "preact/compat", "react-dom": "preact/compat" };

export async function resolve(specifier, context, next) {
  if (ALIAS[specifier]) return next(ALIAS[specifier], context);
  try {
    return await next(specifier, context);
  } catch (err) {
    if (err.code !== "ERR_MODULE_NOT_FOUND" || !/^\.{1,2}\//.test(specifier)) throw err;
    // Only plain .js: a module that imports JSX cannot run under node and fails here, loudly.
    return next(`${specifier}.js`, context);
  }
}
