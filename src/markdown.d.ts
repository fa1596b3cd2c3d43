declare module '*.md' {
  const document: { html: string; title: string };
  export default document;
}
