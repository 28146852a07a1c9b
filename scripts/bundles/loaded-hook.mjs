/**
 * A module hook for `invoke.mjs --modules`: tells the loading thread each file Node loads (the
 * bundle's entry and chunks, and the packages installed beside it), in the order they load.
 */
let port;

export function initialize(data) {
  port = data.port;
}

export async function load(url, context, nextLoad) {
  if (url.startsWith("file:")) port.postMessage(url);
  return nextLoad(url, context);
}
