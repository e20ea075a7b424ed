import { CategoryScale, Chart as ChartJS, Legend, LineElement, LinearScale, PointElement, Title, Tooltip } from "chart.js";
import { Line } from "react-chartjs-2";
import type { Dashboard } from "../../../contract/dashboard";
import { formatDay } from "../../../contract/time";

// Imported lazily by the overview only, so no other admin screen downloads Chart.js.
ChartJS.register(CategoryScale, LinearScale, PointElement, LineElement, Title, Tooltip, Legend);

export default function TransactionsChart({ days }: { days: Dashboard["transactionsByDate"] }) {
  const summary = days.map((day) => `${formatDay(day.date)}: ${day.count}`).join(", ");
  return (
    <div className="relative h-72 w-full">
      <Line
        role="img"
        aria-label={`Daily transactions in the last ${days.length} days. ${summary}`}
        options={{
          responsive: true,
          maintainAspectRatio: false,
          plugins: {
            legend: { position: "top" },
            title: { display: true, text: "Daily Transactions in the Last 10 Days" },
          },
          // Honour the visitor's reduced-motion setting: no animation for those who asked for none.
          animation: window.matchMedia("(prefers-reduced-motion: reduce)").matches ? false : undefined,
          scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
        }}
        data={{
          // MM-DD keeps ten labels readable on a phone; the full dates are in the aria-label.
          labels: days.map((day) => formatDay(day.date).replace(/ \d{4}$/, "")),
          datasets: [
            {
              label: "Transactions in the Past 10 Days",
              data: days.map((day) => day.count),
              tension: 0.1,
              fill: false,
              borderColor: "#1d4ed8",
              backgroundColor: "#1d4ed8",
            },
          ],
        }}
      />
    </div>
  );
}
