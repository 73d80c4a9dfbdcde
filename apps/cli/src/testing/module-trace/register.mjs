// `node --import ./register.mjs …` installs hooks.mjs (module hooks run on their own thread).
import { register } from 'node:module';

register('./hooks.mjs', import.meta.url);
