/** The pages of signing in, each loaded when its route is first shown (the shell's router places them). */
export const login = () => import("./Login.tsx");
export const googleCallback = () => import("./GoogleCallback.tsx");
export const forgotPassword = () => import("./ForgotPassword.tsx");
export const resetPassword = () => import("./ResetPassword.tsx");
export const verifyEmail = () => import("./VerifyEmail.tsx");
