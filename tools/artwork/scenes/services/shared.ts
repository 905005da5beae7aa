/** Canvas size shared by the services pictures. */
export const VIEW = { width: 1200, height: 800 };
