import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { fetchExport, saveFile } from '../api/privacy-api';

/** 'Baixar meus dados': fetches the ZIP (bytes received so far in `received`) and saves it. */
export function useExportDownload() {
  const [received, setReceived] = useState(0);
  const mutation = useMutation({
    mutationFn: async () => {
      setReceived(0);
      const file = await fetchExport(setReceived);
      saveFile(file);
      return file;
    },
  });
  return { ...mutation, received };
}
