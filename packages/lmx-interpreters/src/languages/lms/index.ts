// lms — shell (host mode): `RUN "<command>" -> out`, time-bounded; admin and SVC_LMX_HOST_MODES only.
export { lmsLanguage } from './lms-language.js';
