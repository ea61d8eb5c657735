// k6 run -e TARGET=https://nivesh.example.com load-tests/k6/login-burst.js
// The scenario load-tests/scenarios/login-burst.json, as `npm run load -- login-burst --target URL` runs it here with autocannon.
/* global open, __ENV */
import { iterate, optionsOf, setupRun, targetOf } from './lib/driver.js';

const scenario = JSON.parse(open('../scenarios/login-burst.json'));
const target = targetOf(__ENV);

export const options = optionsOf(scenario);

export function setup() {
  return setupRun();
}

export default function (data) {
  iterate(scenario, target, data, __ENV);
}
