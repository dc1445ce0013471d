import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { countLabel } from '@wh/contracts/counts/http';
import { PrintPage } from '../../components/print/print-page.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { countDetailQuery } from './api/counts-api.ts';
import { CountSheet } from './components/count-sheet.tsx';
import './count-sheet.css';

const COUNT_ID = /^[1-9]\d{0,9}$/;

const locationCount = (n: number) => `${n} ${n === 1 ? 'location' : 'locations'}`;

// /print/counts/:id/sheet: a task's blind count sheet. It reads the manager's detail, and prints only its locations.
export function CountSheetPrintPage() {
  const { id = '' } = useParams();
  const valid = COUNT_ID.test(id);
  const task = useQuery({ ...countDetailQuery(Number(id)), enabled: valid });
  const title = task.data ? `${countLabel(task.data.id)} count sheet` : 'Count sheet';

  let status = null;
  if (!valid) status = <Alert>Count not found</Alert>;
  else if (!task.data) status = <QueryState query={task} loading="Loading the count..." failure="Failed to fetch the count" />;

  return (
    <PrintPage title={title} summary={task.data ? locationCount(task.data.locations.length) : null} status={status}>
      {task.data ? <CountSheet task={task.data} /> : null}
    </PrintPage>
  );
}
