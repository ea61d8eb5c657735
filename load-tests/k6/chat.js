// k6 run -e TARGET=https://nivesh.example.com load-tests/k6/chat.js
// The scenario load-tests/scenarios/chat.json, as `npm run load -- chat --target URL` runs it here with autocannon.
/* global open, __ENV */
import { iterate, optionsOf, setupRun, targetOf } from './lib/driver.js';

const scenario = JSON.parse(open('../scenarios/chat.json'));
const target = targetOf(__ENV);

export const options = optionsOf(scenario);

export function setup() {
  return setupRun();
}

export default function (data) {
  iterate(scenario, target, data, __ENV);
}
