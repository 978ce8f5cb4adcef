// How often the chat polls; tests may shorten both polls: localStorage "fieldsales.chatPollMs".
/** @param {number} normal */
export const pollMs = (normal) => Number(localStorage.getItem("fieldsales.chatPollMs")) || normal;
