import { loadDocument } from '../../features/policies/policy-documents.ts';
import { DocumentRoute } from '../document-route.tsx';

export const loader = () => loadDocument('about-us');
export const Component = DocumentRoute;
