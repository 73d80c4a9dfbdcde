// lmnet — network (host mode): `GET`, `POST`, `DNS`, `PORT`, bounded in time and size.
export { lmnetLanguage } from './lmnet-language.js';
