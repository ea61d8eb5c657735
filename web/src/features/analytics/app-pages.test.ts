import { APP_PAGE_PATHS, OTHER_PAGE as PROTO_OTHER_PAGE } from '@nivesh/proto';
import { PAGE_ROUTES } from '../../app/router';
import { OTHER_PAGE } from './format';

describe('the pages the tracking API keeps', () => {
  it('are the app’s routes: a page added to the router is tracked under its own name, not as "other"', () => {
    expect([...APP_PAGE_PATHS].sort()).toEqual(PAGE_ROUTES.map((route) => route.path).sort());
  });

  it('name a page outside the app as the dashboards expect', () => {
    expect(OTHER_PAGE).toBe(PROTO_OTHER_PAGE);
  });
});
