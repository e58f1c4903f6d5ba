/** The service offering of the dashboard (SPEC.md section 1): display name and tag. */
export interface DashboardService {
  name: string;
  tag: string;
}

export const DASHBOARD_SERVICES: readonly DashboardService[] = [
  { name: 'Recycling Services', tag: 'recycling' },
  { name: 'Household Waste Pickup', tag: 'household' },
  { name: 'Bulk Waste Pickup', tag: 'bulk' },
  { name: 'Land Mowing & Garden', tag: 'garden' },
  { name: 'Laundry & Dry Cleaning', tag: 'laundry' },
  { name: 'Office & Commercial Cleaning', tag: 'office' },
];
