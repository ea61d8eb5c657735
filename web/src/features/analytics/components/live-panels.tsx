import { QueryState } from '../../../components/market/query-state';
import { ScrollTable } from '../../../components/scroll-table';
import { useCurrentUsers } from '../api/get-current-users';
import { formatCount, formatIndiaTime, pageShown, shownText } from '../format';
import { ACCOUNT_TEXTS, DASHBOARD_TEXTS, VISITOR_TEXTS } from '../texts';
import { DashboardPanel } from './dashboard-panel';
import { ShownText } from './shown-text';

/** When the live figures were taken, and how fresh they stay. */
function LiveFootnote({ asOf }: { asOf: string }) {
  return (
    <p className="muted live-footnote">
      {DASHBOARD_TEXTS.liveWindow} {DASHBOARD_TEXTS.liveRefresh} {DASHBOARD_TEXTS.asOf(formatIndiaTime(asOf))}
    </p>
  );
}

/** Visitors on the site now (distinct visitor sessions of the last minutes), asked again every 30 s. */
export function LiveVisitorsPanel() {
  const current = useCurrentUsers();
  return (
    <DashboardPanel title={VISITOR_TEXTS.liveHeading} className="live-panel">
      <QueryState query={current} what={DASHBOARD_TEXTS.liveWhat}>
        {(live) => (
          <>
            <p className="live-line" data-testid="live-visitors">
              <span className="live-dot" aria-hidden="true" />
              {DASHBOARD_TEXTS.liveVisitors(formatCount(live.active_visitors), live.active_visitors === 1)}
            </p>
            <LiveFootnote asOf={live.as_of} />
          </>
        )}
      </QueryState>
    </DashboardPanel>
  );
}

/** Signed-in users with analytics on who are active now, each with the page they are on, asked again every 30 s. */
export function ActiveUsersPanel() {
  const current = useCurrentUsers();
  return (
    <DashboardPanel title={ACCOUNT_TEXTS.currentHeading} className="live-panel">
      <QueryState query={current} what={DASHBOARD_TEXTS.liveWhat}>
        {(live) => (
          <>
            <p className="live-line" data-testid="active-users">
              <span className="live-dot" aria-hidden="true" />
              {DASHBOARD_TEXTS.liveUsers(formatCount(live.active_users), live.active_users === 1)}{' '}
              {DASHBOARD_TEXTS.liveVisitors(formatCount(live.active_visitors), live.active_visitors === 1)}
            </p>
            {live.users.length === 0 ? (
              <p className="chart-empty">{ACCOUNT_TEXTS.currentEmpty}</p>
            ) : (
              <ScrollTable label="Active users table">
                <table className="data-table active-users-table">
                  <caption className="visually-hidden">{ACCOUNT_TEXTS.currentHeading}</caption>
                  <thead>
                    <tr>
                      <th scope="col">User ID</th>
                      <th scope="col">Page</th>
                      <th scope="col">Last seen</th>
                    </tr>
                  </thead>
                  <tbody>
                    {live.users.map((user) => (
                      <tr key={user.session_id}>
                        <th scope="row" className="user-id">
                          <ShownText shown={shownText(user.user_id)} />
                        </th>
                        <td>
                          <ShownText shown={pageShown(user.page_name ?? '')} />
                        </td>
                        <td>{formatIndiaTime(user.last_seen_at)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </ScrollTable>
            )}
            <LiveFootnote asOf={live.as_of} />
          </>
        )}
      </QueryState>
    </DashboardPanel>
  );
}
