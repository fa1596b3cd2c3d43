/** The lengths the auth forms and their schemas share, apart from the schemas so a form shows them without zod. */
export const minPasswordLength = 8;
export const codeLength = 6;
