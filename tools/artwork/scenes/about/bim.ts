/** Colours of the office frame when it is shown as a BIM model (team, technology, social card). */
export const BIM = {
  columnMat: { color: "#b9c4d3" },
  beamMat: { color: "#8796ab" },
  slabMat: { color: "#5b6b82", opacity: 0.6 },
};
