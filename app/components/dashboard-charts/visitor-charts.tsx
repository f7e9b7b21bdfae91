import { Chart } from "primereact/chart";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "#app/i18n/translate.ts";
import { usePageLanguage } from "#app/hooks/use-t.ts";
import type { Language } from "#app/i18n/locales.ts";
import type { VisitorStats } from "#app/modules/analytics/stats.server.ts";
import type { DeviceInfo } from "#app/platform/device/detect.ts";
import { useDevice } from "#app/platform/device/use-device.ts";
import { formatWidgetDate, usePrimeLocale } from "#app/components/shell/prime-locale.ts";
import { readChartTheme, type ChartTheme } from "./chart-theme.ts";
import { pathLabelLines } from "./labels.ts";
import "./visitor-charts.css";

type Props = { stats: VisitorStats; device: DeviceInfo };

function useShellT(language: Language) {
  return useTranslation("shell", { lng: language });
}

/** Below this width the charts put legends underneath and wrap labels shorter, whatever the device. */
const NARROW_QUERY = "(max-width: 40rem)";

/**
 * Whether the window is phone-narrow now (a desktop browser can be narrow too); false on the
 * server. Read at once in the browser, as only the charts use it and they are drawn there.
 */
function useNarrowWindow(): boolean {
  const [narrow, setNarrow] = useState(() => typeof window !== "undefined" && window.matchMedia(NARROW_QUERY).matches);
  useEffect(() => {
    const query = window.matchMedia(NARROW_QUERY);
    const update = () => setNarrow(query.matches);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);
  return narrow;
}

/**
 * The dashboard home's visitor numbers: online now, visits per day over 30 days, by
 * language, by device and the top pages. Charts (PrimeReact Chart on chart.js) are drawn in
 * the browser; the same numbers are tables, open without JavaScript and one click away with it.
 */

/**
 * The canvas's accessible name through PrimeReact's pass-through: its `ariaLabel` prop (10.9)
 * also lands on the wrapping div as an unknown `ariaLabel` attribute, which React reports.
 */
const canvasLabel = (label: string) => ({ canvas: { "aria-label": label } });
export function VisitorCharts({ stats, device: serverDevice }: Props) {
  const language = usePageLanguage();
  usePrimeLocale(language);
  const { t } = useShellT(language);
  const device = useDevice(serverDevice, { refreshOnResize: true });
  const [theme, setTheme] = useState<ChartTheme | null>(null);
  useEffect(() => setTheme(readChartTheme()), []);
  const narrow = useNarrowWindow();
  const compact = device.deviceClass === "mobile" || narrow;
  const empty = stats.totals.visits === 0;

  const localeName = (locale: string) => t(`visitors.locales.${locale}`, { defaultValue: locale });
  const deviceName = (deviceClass: string) => t(`visitors.devices.${deviceClass}`, { defaultValue: deviceClass });
  const dayLabel = (day: string) => formatWidgetDate(day, language);

  // New objects would make PrimeReact redraw the charts: rebuild only when an input changes.
  const charts = useMemo(() => {
    if (!theme) return null;
    const localeName = (locale: string) => t(`visitors.locales.${locale}`, { defaultValue: locale });
    const deviceName = (deviceClass: string) => t(`visitors.devices.${deviceClass}`, { defaultValue: deviceClass });
    const dayLabel = (day: string) => formatWidgetDate(day, language);
    const axis = { ticks: { color: theme.muted }, grid: { color: theme.grid } };
    // The panels set each chart's height (CSS), so a narrow chart keeps its plot readable
    // instead of shrinking with its width.
    const sized = { responsive: true, maintainAspectRatio: false };
    const pageLines = stats.topPages.map((row) => pathLabelLines(row.path, compact ? 18 : 36));
    // chart.js gives every bar the same height: each gets room for the longest label.
    const labelLines = Math.max(1.5, ...pageLines.map((lines) => lines.length));
    const legend = { labels: { color: theme.text }, position: compact ? ("bottom" as const) : ("right" as const) };
    const slices = (count: number) => theme.series.slice(0, Math.max(count, 1));
    return {
      perDay: {
        data: {
          labels: stats.days.map((day) => dayLabel(day.day)),
          datasets: [
            {
              label: t("visitors.visits"),
              data: stats.days.map((day) => day.visits),
              borderColor: theme.primary,
              backgroundColor: theme.primary,
              tension: 0.3,
            },
            {
              label: t("visitors.visitors"),
              data: stats.days.map((day) => day.visitors),
              borderColor: theme.series[0],
              backgroundColor: theme.series[0],
              tension: 0.3,
            },
          ],
        },
        options: {
          ...sized,
          plugins: { legend: { ...legend, position: "bottom" as const } },
          // Level date labels, as many as fit: turned ones took most of a phone's chart height.
          scales: {
            x: { ...axis, ticks: { ...axis.ticks, maxRotation: 0, autoSkipPadding: 12 } },
            y: { ...axis, beginAtZero: true, ticks: { ...axis.ticks, precision: 0 } },
          },
        },
      },
      byLocale: {
        data: {
          labels: stats.byLocale.map((row) => localeName(row.locale)),
          datasets: [{ data: stats.byLocale.map((row) => row.visits), backgroundColor: slices(stats.byLocale.length) }],
        },
        options: { ...sized, plugins: { legend } },
      },
      byDevice: {
        data: {
          labels: stats.byDevice.map((row) => deviceName(row.deviceClass)),
          datasets: [{ data: stats.byDevice.map((row) => row.visits), backgroundColor: slices(stats.byDevice.length) }],
        },
        options: { ...sized, plugins: { legend } },
      },
      topPages: {
        data: {
          labels: pageLines,
          datasets: [{ label: t("visitors.visits"), data: stats.topPages.map((row) => row.visits), backgroundColor: theme.series[0] }],
        },
        options: {
          ...sized,
          indexAxis: "y" as const,
          plugins: {
            legend: { display: false },
            tooltip: {
              callbacks: { title: (items: Array<{ dataIndex: number }>) => stats.topPages[items[0]?.dataIndex ?? 0]?.path ?? "" },
            },
          },
          scales: {
            x: { ...axis, beginAtZero: true, ticks: { ...axis.ticks, precision: 0 } },
            y: { ...axis, ticks: { ...axis.ticks, autoSkip: false } },
          },
        },
        height: `${3 + pageLines.length * (0.6 + labelLines * 0.95)}rem`,
      },
    };
  }, [theme, stats, compact, language, t]);

  // The visits by language and by device: a doughnut each, and its table.
  const shares = [
    {
      id: "visits-by-locale",
      title: t("visitors.by_locale"),
      column: t("visitors.locale"),
      chart: charts?.byLocale,
      rows: stats.byLocale.map((row) => [localeName(row.locale), row.visits]),
    },
    {
      id: "visits-by-device",
      title: t("visitors.by_device"),
      column: t("visitors.device"),
      chart: charts?.byDevice,
      rows: stats.byDevice.map((row) => [deviceName(row.deviceClass), row.visits]),
    },
  ];

  return (
    <section aria-labelledby="visitors-heading" className="visitor-stats" data-device={device.deviceClass}>
      <h2 id="visitors-heading">{t("visitors.heading")}</h2>
      <p className="panel__lead">{t("visitors.lead")}</p>
      <dl className="visitor-stats__summary">
        <div>
          <dt>{t("visitors.online_now")}</dt>
          <dd data-stat="online-now" title={t("visitors.online_now_hint")}>
            {stats.onlineNow}
          </dd>
        </div>
        <div>
          <dt>{t("visitors.visits_total")}</dt>
          <dd data-stat="visits">{stats.totals.visits}</dd>
        </div>
        <div>
          <dt>{t("visitors.visitors_total")}</dt>
          <dd data-stat="visitors">{stats.totals.visitors}</dd>
        </div>
      </dl>
      {empty ? (
        <p>{t("visitors.no_data")}</p>
      ) : (
        <div className="visitor-stats__grid">
          <ChartPanel
            id="visits-per-day"
            title={t("visitors.per_day")}
            wide
            chart={charts && <Chart type="line" {...charts.perDay} pt={canvasLabel(t("visitors.per_day"))} />}
          >
            <NumbersTable
              headers={[t("visitors.day"), t("visitors.visits"), t("visitors.visitors")]}
              rows={stats.days.map((day) => [dayLabel(day.day), day.visits, day.visitors])}
              labelledBy="visits-per-day-title"
            />
          </ChartPanel>
          {shares.map((share) => (
            <ChartPanel
              key={share.id}
              id={share.id}
              title={share.title}
              chart={share.chart && <Chart type="doughnut" {...share.chart} pt={canvasLabel(share.title)} />}
            >
              <NumbersTable headers={[share.column, t("visitors.visits")]} rows={share.rows} labelledBy={`${share.id}-title`} />
            </ChartPanel>
          ))}
          <ChartPanel
            id="top-pages"
            title={t("visitors.top_pages")}
            wide
            height={charts?.topPages.height}
            chart={
              charts && (
                <Chart type="bar" data={charts.topPages.data} options={charts.topPages.options} pt={canvasLabel(t("visitors.top_pages"))} />
              )
            }
          >
            <NumbersTable
              headers={[t("visitors.page"), t("visitors.visits")]}
              rows={stats.topPages.map((row) => [row.path, row.visits])}
              labelledBy="top-pages-title"
            />
          </ChartPanel>
        </div>
      )}
    </section>
  );
}

function ChartPanel({
  id,
  title,
  chart,
  wide = false,
  height,
  children,
}: {
  id: string;
  title: string;
  chart: React.ReactNode;
  wide?: boolean;
  height?: string;
  children: React.ReactNode;
}) {
  const { t } = useShellT(usePageLanguage());
  const [hydrated, setHydrated] = useState(false);
  const [tableOpen, setTableOpen] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <div className={`chart-panel${wide ? " chart-panel--wide" : ""}`} data-chart={id}>
      <h3 id={`${id}-title`}>{title}</h3>
      {hydrated ? (
        <div className="chart-panel__chart" style={height ? { height } : undefined}>
          {chart}
        </div>
      ) : null}
      {/* Without JS there is no chart: the table is open. */}
      <details open={!hydrated || tableOpen} onToggle={(event) => hydrated && setTableOpen(event.currentTarget.open)}>
        <summary>{t("visitors.show_table")}</summary>
        {children}
      </details>
    </div>
  );
}

function NumbersTable({ headers, rows, labelledBy }: { headers: string[]; rows: Array<Array<string | number>>; labelledBy: string }) {
  return (
    <div className="table-scroll">
      <table className="stats-table stats-table--stack" aria-labelledby={labelledBy}>
        <thead>
          <tr>
            {headers.map((header, index) => (
              <th key={header} scope="col" className={index > 0 ? "num" : undefined}>
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, ...values]) => (
            <tr key={String(label)}>
              <th scope="row">{label}</th>
              {values.map((value, index) => (
                <td key={index} className="num" data-label={headers[index + 1]}>
                  {value}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
