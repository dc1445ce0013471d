import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { useSearchParams } from 'react-router-dom';
import { can, PERMISSION_DENIED } from '@wh/contracts/auth/permissions';
import type { Style } from '@wh/contracts/catalogue/http';
import { PageHeader } from '../../components/page-header.tsx';
import { StockUploadPanel } from '../../components/stock-upload-panel.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Tabs } from '../../components/ui/tabs.tsx';
import { signedInUserAtom } from '../../lib/session.ts';
import { stylesKeys } from './api/styles-api.ts';
import { StyleCatalog } from './components/style-catalog.tsx';
import { StyleFormDialog } from './components/style-form-dialog.tsx';
import { StyleViewDialog } from './components/style-view-dialog.tsx';

type Open = { kind: 'create' } | { kind: 'view' | 'edit'; style: Style } | null;
const UPLOAD_ERROR_MS = 5_000;

export function StylesPage() {
  const me = useAtomValue(signedInUserAtom);
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState<Open>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const tab = params.get('tab') === 'upload' ? 'upload' : 'catalog';

  if (!me) return null;
  if (!can(me.role, 'styles:manage')) {
    return (
      <section className="page">
        <PageHeader title="Style Management" />
        <Alert tone="info">{PERMISSION_DENIED['styles:manage']}</Alert>
      </section>
    );
  }

  return (
    <section className="page">
      <PageHeader
        title="Style Management"
        subtitle="The style catalogue: styles, sizes, colours and their SKUs"
        actions={<Button onPress={() => setOpen({ kind: 'create' })}>Add New Style</Button>}
      />
      {saved ? (
        <Alert tone="success" onDismiss={() => setSaved(null)}>
          {saved}
        </Alert>
      ) : null}
      <Tabs
        label="Style management"
        selectedKey={tab}
        onSelectionChange={(key) => setParams(key === 'upload' ? { tab: 'upload' } : {}, { replace: true })}
        items={[
          {
            id: 'catalog',
            label: 'Style Catalog',
            content: (
              <StyleCatalog
                onView={(style) => setOpen({ kind: 'view', style })}
                onEdit={(style) => setOpen({ kind: 'edit', style })}
              />
            ),
          },
          {
            id: 'upload',
            label: 'Upload Styles',
            content: (
              <div className="card">
                <StockUploadPanel role={me.role} types={['shopify-inventory']} clearErrorAfterMs={UPLOAD_ERROR_MS} invalidates={[stylesKeys.all]} />
              </div>
            ),
          },
        ]}
      />
      {open?.kind === 'view' ? (
        <StyleViewDialog
          style={open.style}
          onClose={() => setOpen(null)}
          onEdit={() => setOpen({ kind: 'edit', style: open.style })}
          onChanged={(style) => setOpen({ kind: 'view', style })}
        />
      ) : null}
      {open?.kind === 'create' || open?.kind === 'edit' ? (
        <StyleFormDialog
          key={open.kind === 'edit' ? open.style.id : 'new'}
          {...(open.kind === 'edit' ? { style: open.style } : {})}
          onClose={() => setOpen(null)}
          onSaved={(style, created) => {
            setOpen(null);
            setSaved(created ? `Style ${style.style_code} created` : `Style ${style.style_code} updated`);
          }}
        />
      ) : null}
    </section>
  );
}
