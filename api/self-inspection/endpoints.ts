import type { Endpoint } from '../openapi/endpoints.ts';
import { SELF_INSPECTION_STAFF_ENDPOINTS } from './staff-router.ts';
import { SELF_INSPECTION_PORTAL_ENDPOINTS } from './portal-router.ts';

/** The self-inspection routes of both sides, for the OpenAPI document. */
export const SELF_INSPECTION_ENDPOINTS: Endpoint[] = [...SELF_INSPECTION_STAFF_ENDPOINTS, ...SELF_INSPECTION_PORTAL_ENDPOINTS];
