#!/usr/bin/env node
// The `locus` command: runs the TypeScript CLI through tsx's loader (no build step for the API).
import { register } from 'tsx/esm/api';

register();
await import('./main.ts');
