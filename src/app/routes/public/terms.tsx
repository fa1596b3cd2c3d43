import { DocumentRoute } from '#app/document-route.tsx';
import { loadDocument } from '#features/policies/policy-documents.ts';

export const loader = () => loadDocument('terms');
export const Component = DocumentRoute;
