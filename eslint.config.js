// ESLint flat config: see packages/eslint-config (rules and the architecture's import boundaries).
import { ironcladConfig } from '@ironclad/eslint-config';

export default ironcladConfig(import.meta.dirname);
