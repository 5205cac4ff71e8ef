/**
 * The pt-BR texts of the pieces in this package (spec section 5), kept here once because both apps show
 * them word for word; each app's own catalogue holds everything else.
 */
export const kitMessages = {
  loading: 'Carregando...',
  close: 'Fechar',
  showPassword: 'Mostrar senha',
  hidePassword: 'Ocultar senha',
  deleteDialog: {
    title: 'Confirmar exclusão',
    warning: 'Esta ação não pode ser desfeita. Todos os dados serão permanentemente removidos.',
    typeToConfirm: 'Digite "excluir" para confirmar',
    placeholder: 'excluir',
    wrongText: 'Digite exatamente "excluir" para continuar',
    validText: 'Confirmação válida',
    confirm: 'Excluir',
    confirming: 'Excluindo...',
    cancel: 'Cancelar',
  },
} as const;
