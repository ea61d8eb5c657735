/** Reloads the whole page; a module of its own so tests can replace it (jsdom cannot reload). */
export const reloadPage = (): void => {
  window.location.reload();
};
