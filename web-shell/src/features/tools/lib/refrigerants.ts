/**
 * Saturation-pressure equations of the refrigerants of the 'Ferramentas' page.
 *
 * Each curve is p = p_r · exp((T_r / T) · Σ nᵢ · θ^tᵢ), θ = 1 − T/T_r (T in K, p in Pa): the ancillary
 * saturation equations published in the CoolProp project's fluid files (dev/fluids/*.json, MIT licence),
 * fitted to each fluid's reference equation of state. The coefficients are transcribed as published; the
 * file's reported maximum deviation from its equation of state is in `maxErrorPct`.
 *
 * Blends (R-410A, R-404A, R-407C) are the pseudo-pure models of Lemmon (Int. J. Thermophys. 24, 2003),
 * with one curve for the bubble point (saturated liquid, `pL`) and one for the dew point (saturated
 * vapour, `pV`). Pure fluids have one curve, used for both.
 */

export interface SaturationCurve {
  /** Reducing temperature (K). */
  Tr: number;
  /** Reducing pressure (Pa). */
  pr: number;
  n: readonly number[];
  t: readonly number[];
  /** Largest deviation from the equation of state reported with the coefficients (%). */
  maxErrorPct: number;
}

export interface Refrigerant {
  id: RefrigerantId;
  /** As the technician reads it on the cylinder and the nameplate. */
  label: string;
  /** A zeotropic or near-azeotropic blend: bubble and dew points differ. */
  blend: boolean;
  /** Composition or chemical name, shown under the selector. */
  description: string;
  /** Lowest temperature of the equations (K): the triple point, or the lower limit of the blend's model. */
  Tmin: number;
  /** Critical temperature (K): no saturation above it. */
  Tc: number;
  bubble: SaturationCurve;
  dew: SaturationCurve;
  /** The reference equation of state the curves were fitted to. */
  eos: string;
}

export const REFRIGERANT_IDS = ['R-22', 'R-410A', 'R-32', 'R-134a', 'R-404A', 'R-407C', 'R-290', 'R-600a', 'R-1234yf'] as const;
export type RefrigerantId = (typeof REFRIGERANT_IDS)[number];

const pure = (curve: SaturationCurve) => ({ bubble: curve, dew: curve });

export const REFRIGERANTS: Record<RefrigerantId, Refrigerant> = {
  'R-22': {
    id: 'R-22',
    label: 'R-22',
    blend: false,
    description: 'Clorodifluorometano (HCFC)',
    Tmin: 115.73,
    Tc: 369.295,
    // CoolProp R22.json, pV (0.019 % from the EOS); its pL agrees within 0.02 %
    ...pure({
      Tr: 369.295,
      pr: 4990000,
      n: [-7.2670371701641265, 1.2860929616388512, -0.10790119794275199, -0.989473291657183, -2.9393096353041623, 0.488431917326884],
      t: [0.999, 1.272, 1.692, 2.74, 4.539, 15.876],
      maxErrorPct: 0.0195,
    }),
    eos: 'Kamei et al., Int. J. Thermophys. 16 (1995)',
  },
  'R-410A': {
    id: 'R-410A',
    label: 'R-410A',
    blend: true,
    description: 'R-32/R-125 (50/50 % em massa)',
    Tmin: 200,
    Tc: 344.494,
    bubble: {
      Tr: 344.494,
      pr: 4901200,
      n: [-7.393982466686463, 1.4712516902869381, -0.10468488716031096, -2.612149622992068, 0.24139536090585145, -2.688737604664642],
      t: [1.002, 1.579, 2.313, 2.841, 3.77, 5.337],
      maxErrorPct: 0.001,
    },
    dew: {
      Tr: 344.494,
      pr: 4901200,
      n: [-8.81630527169583, 3.0101820364714076, -1.0140011045291613, -3.736880461403412, 1.478360466811462, -34.64742822281509],
      t: [1.018, 1.285, 1.862, 3.869, 5.725, 10.878],
      maxErrorPct: 0.0065,
    },
    eos: 'Lemmon, Int. J. Thermophys. 24 (2003), pseudo-puro',
  },
  'R-32': {
    id: 'R-32',
    label: 'R-32',
    blend: false,
    description: 'Difluorometano (HFC)',
    Tmin: 136.34,
    Tc: 351.255,
    ...pure({
      Tr: 351.255,
      pr: 5782000,
      n: [0.019194334673139708, -6.794802163795212, 9.276391392786632, -12.327153852761946, 28.46579606476374, -28.570870718190093],
      t: [0.531, 0.979, 2.203, 2.382, 3.421, 3.558],
      maxErrorPct: 0.0112,
    }),
    eos: 'Tillner-Roth e Yokozeki, J. Phys. Chem. Ref. Data 26 (1997)',
  },
  'R-134a': {
    id: 'R-134a',
    label: 'R-134a',
    blend: false,
    description: '1,1,1,2-Tetrafluoroetano (HFC)',
    Tmin: 169.85,
    Tc: 374.21,
    ...pure({
      Tr: 374.21,
      pr: 4059280,
      n: [0.4331478287291047, -9.090302559074352, 2.1476074125217703, -1.557687007603464, -3.5020328972698604, 14.958442337201044],
      t: [0.845, 0.99, 1.14, 2.651, 4.507, 17.235],
      maxErrorPct: 0.0092,
    }),
    eos: 'Tillner-Roth e Baehr, J. Phys. Chem. Ref. Data 23 (1994)',
  },
  'R-404A': {
    id: 'R-404A',
    label: 'R-404A',
    blend: true,
    description: 'R-125/R-143a/R-134a (44/52/4 % em massa)',
    Tmin: 200,
    Tc: 345.27,
    bubble: {
      Tr: 345.27,
      pr: 3734800,
      n: [0.5635840402585297, -0.5827522825709982, -6.4663745582192815, -2.8281654415264432, -0.7995458853560359, -11.354572861041914],
      t: [0.688, 0.743, 0.963, 3.561, 4.194, 10.201],
      maxErrorPct: 0.0055,
    },
    dew: {
      Tr: 345.27,
      pr: 3734800,
      n: [-5.364477716661244, -1.4230007624991121, 3.314690272990208, -5.181329955404622, -3.360484849212965, -551.2801078830697],
      t: [0.951, 1.13, 2.426, 2.778, 5.072, 16.153],
      maxErrorPct: 0.0076,
    },
    eos: 'Lemmon, Int. J. Thermophys. 24 (2003), pseudo-puro',
  },
  'R-407C': {
    id: 'R-407C',
    label: 'R-407C',
    blend: true,
    description: 'R-32/R-125/R-134a (23/25/52 % em massa)',
    Tmin: 200,
    Tc: 359.345,
    bubble: {
      Tr: 359.345,
      pr: 4631700,
      n: [0.16728493073329312, -53.38279226938705, 60.42641909765115, -14.171031944447838, -2.416970185723638, -0.6842647633262893],
      t: [0.446, 1.145, 1.222, 1.436, 4.271, 4.452],
      maxErrorPct: 0.0093,
    },
    dew: {
      Tr: 359.345,
      pr: 4631700,
      n: [-0.02526319311536476, -1.4911994937454576, -5.422666319606085, 0.46047437701559923, -4.5527752103859545, -22.506926177764264],
      t: [0.289, 0.798, 1.03, 2.282, 3.477, 10.467],
      maxErrorPct: 0.0166,
    },
    eos: 'Lemmon, Int. J. Thermophys. 24 (2003), pseudo-puro',
  },
  'R-290': {
    id: 'R-290',
    label: 'R-290',
    blend: false,
    description: 'Propano (HC)',
    Tmin: 85.525,
    Tc: 369.89,
    // CoolProp n-Propane.json, pV (0.016 % from the EOS)
    ...pure({
      Tr: 369.89,
      pr: 4251200,
      n: [-23.998635747391152, 18.313017605233238, -0.42240851966839504, -2.7378298813798962, 0.257888414168987, -1.3113462226130785],
      t: [1.05, 1.084, 2.259, 4.287, 7.66, 18.584],
      maxErrorPct: 0.0162,
    }),
    eos: 'Lemmon, McLinden e Wagner, J. Chem. Eng. Data 54 (2009)',
  },
  'R-600a': {
    id: 'R-600a',
    label: 'R-600a',
    blend: false,
    description: 'Isobutano (HC)',
    Tmin: 113.73,
    Tc: 407.817,
    ...pure({
      Tr: 407.817,
      pr: 3629000,
      n: [-48.02915589537987, 43.34653680580028, -1.4421317283854331, -3.1322275225078413, 5.203481182010376, -6.173022897817098],
      t: [1.082, 1.108, 1.463, 4.045, 13.157, 14.042],
      maxErrorPct: 0.0197,
    }),
    eos: 'Bücker e Wagner, J. Phys. Chem. Ref. Data 35 (2006)',
  },
  'R-1234yf': {
    id: 'R-1234yf',
    label: 'R-1234yf',
    blend: false,
    description: '2,3,3,3-Tetrafluoropropeno (HFO)',
    Tmin: 220,
    Tc: 367.85,
    // CoolProp R1234yf.json, pV (0.015 % from the EOS)
    ...pure({
      Tr: 367.85,
      pr: 3382200,
      n: [-6.127206406335995, -0.9044431324757645, 2.0918728211333275, -3.396385591501546, -1.9071219386505223, -47.15549606822473],
      t: [0.978, 1.128, 1.875, 2.579, 5.3, 12.869],
      maxErrorPct: 0.0151,
    }),
    eos: 'Richter, McLinden e Lemmon, J. Chem. Eng. Data 56 (2011)',
  },
};

export function isRefrigerantId(value: unknown): value is RefrigerantId {
  return typeof value === 'string' && (REFRIGERANT_IDS as readonly string[]).includes(value);
}
