import { DeleteConfirmDialog as KitDeleteConfirmDialog, type DeleteConfirmDialogProps } from '@clima/web-kit/delete-confirm-dialog';
import { messages } from '../../i18n/messages';

/** The typed-"excluir" deletion dialog (spec sections 4 and 5) with this app's texts. */
export function DeleteConfirmDialog(props: Omit<DeleteConfirmDialogProps, 'texts'>) {
  return <KitDeleteConfirmDialog texts={{ ...messages.deleteDialog, close: messages.common.close }} {...props} />;
}
