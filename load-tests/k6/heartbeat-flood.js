// k6 run -e TARGET=https://nivesh.example.com load-tests/k6/heartbeat-flood.js
// The scenario load-tests/scenarios/heartbeat-flood.json, as `npm run load -- heartbeat-flood --target URL` runs it here with autocannon.
/* global open, __ENV */
import { iterate, optionsOf, setupRun, targetOf } from './lib/driver.js';

const scenario = JSON.parse(open('../scenarios/heartbeat-flood.json'));
const target = targetOf(__ENV);

export const options = optionsOf(scenario);

export function setup() {
  return setupRun();
}

export default function (data) {
  iterate(scenario, target, data, __ENV);
}
