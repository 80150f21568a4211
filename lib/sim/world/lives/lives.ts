import { courier } from './courier';
import { homebody } from './homebody';
import type { Life, LifeName } from './life';
import { nightShift } from './night-shift';
import { office } from './office';
import { student } from './student';

/** Every life by name. */
export const LIFE_BY_NAME: Record<LifeName, Life> = {
  office,
  night_shift: nightShift,
  student,
  courier,
  homebody,
};
