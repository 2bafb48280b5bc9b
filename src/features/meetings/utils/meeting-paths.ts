/** The meeting screens' paths (the route table holds the patterns). */
export const meetingPaths = {
  planner: '/meeting',
  room: (roomId: string) => `/meeting/${roomId}`,
  summary: (roomId: string) => `/meeting/summary/${roomId}`,
};
